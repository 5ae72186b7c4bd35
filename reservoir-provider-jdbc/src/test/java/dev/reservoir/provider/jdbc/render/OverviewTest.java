package dev.reservoir.provider.jdbc.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.provider.jdbc.catalog.OverviewTable;
import dev.reservoir.provider.jdbc.catalog.TableKind;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.catalog.TableRef;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverviewTest {

    private static final Overview.Links LINKS = new Overview.Links(
            "postgres://app/",
            t -> "postgres://app/" + t.schema() + "/" + t.name().replace(" ", "%20"),
            s -> "postgres://app/" + s);

    @Test
    void tablesComeWholeUntilTheBudgetThenALineSaysWhatWasLeftOut() {
        List<OverviewTable> tables = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            tables.add(new OverviewTable(
                    new TableRef(new TableName("public", "t" + i), TableKind.TABLE, null),
                    1000L + i,
                    List.of(
                            new OverviewTable.Col("id", "integer", true, true, null),
                            new OverviewTable.Col("v", "text", false, false, null))));
        }
        String text = Overview.render("Database app", List.of("public"), tables, LINKS, 4096);
        assertThat(text.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(4096);
        assertThat(text).contains("- t0 (table, ~1,000 rows)\n  id integer PK, v text\n");
        assertThat(text)
                .containsPattern(
                        "\n… \\d+ more tables and views are not shown here \\(this overview stops at 4096 bytes\\), from public\\.t\\d+ on;"
                                + " resources/list with postgres://app/public lists a schema's tables.\n$");
    }

    @Test
    void aNameThatNeedsEncodingComesWithItsUri() {
        OverviewTable odd = new OverviewTable(
                new TableRef(new TableName("public", "with space"), TableKind.VIEW, "Spaced\nout"),
                null,
                List.of(new OverviewTable.Col("a b", "int", false, false, "public.x(id)")));
        String text = Overview.render("Database app", List.of("public"), List.of(odd), LINKS, 65536);
        assertThat(text)
                .contains(
                        "- with space (view) postgres://app/public/with%20space: Spaced out\n  a b int → public.x(id)\n");
        assertThat(text).contains("0 tables and 1 view in schema public.");
    }
}
