package dev.reservoir.provider.jdbc.rows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.provider.jdbc.catalog.Column;
import dev.reservoir.provider.jdbc.catalog.Constraints;
import dev.reservoir.provider.jdbc.catalog.TableDetail;
import dev.reservoir.provider.jdbc.catalog.TableKind;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.catalog.TableRef;
import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.Engine;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeysetTest {

    private static final TableDetail ITEMS = table(new Constraints.Key("pk", List.of("order id", "line")), List.of());

    private static TableDetail table(Constraints.Key pk, List<Constraints.Key> uniques) {
        return new TableDetail(
                new TableRef(new TableName("Shop", "order \"items\""), TableKind.TABLE, null),
                List.of(
                        new Column("order id", "integer", false, null, null, null),
                        new Column("line", "smallint", false, null, null, null),
                        new Column("sku", "text", false, null, null, null)),
                pk,
                uniques,
                List.of(),
                List.of(),
                List.of(),
                null,
                List.of());
    }

    @Test
    void postgresComparesRowValuesCastToTheKeysTypes() {
        Keyset.Statement page = Keyset.page(Dialect.of(Engine.POSTGRES), ITEMS, "[7, 2]", 50);
        assertThat(page.sql())
                .isEqualTo("SELECT * FROM \"Shop\".\"order \"\"items\"\"\" WHERE (\"order id\", \"line\") >"
                        + " (CAST(? AS integer), CAST(? AS smallint)) ORDER BY \"order id\", \"line\" LIMIT 50");
        assertThat(page.params()).containsExactly("7", "2");
    }

    @Test
    void genericDatabasesGetTheExpandedComparison() {
        Keyset.Statement page = Keyset.page(Dialect.generic("\""), ITEMS, "[7,\"2\"]", 10);
        assertThat(page.sql())
                .endsWith("WHERE ((\"order id\" > CAST(? AS integer)) OR (\"order id\" = CAST(? AS integer) AND"
                        + " \"line\" > CAST(? AS smallint))) ORDER BY \"order id\", \"line\" FETCH FIRST 10 ROWS ONLY");
        assertThat(page.params()).containsExactly("7", "7", "2");
    }

    @Test
    void aTableWithoutPrimaryKeyUsesAUniqueNotNullKeyOrNone() {
        TableDetail unique = table(null, List.of(new Constraints.Key("u", List.of("sku"))));
        assertThat(Keyset.key(unique)).containsExactly("sku");
        TableDetail none = table(null, List.of());
        assertThat(Keyset.page(Dialect.of(Engine.SQLITE), none, null, 5).sql())
                .isEqualTo("SELECT * FROM \"Shop\".\"order \"\"items\"\"\" LIMIT 5");
        assertThatThrownBy(() -> Keyset.page(Dialect.of(Engine.SQLITE), none, "1", 5))
                .hasMessageContaining("no primary key");
    }

    @Test
    void aCompositeKeyNeedsAJsonArrayOfItsValues() {
        assertThatThrownBy(() -> Keyset.page(Dialect.of(Engine.POSTGRES), ITEMS, "7", 5))
                .hasMessageContaining("JSON array of the 2 key values");
        assertThatThrownBy(() -> Keyset.page(Dialect.of(Engine.POSTGRES), ITEMS, "[7, null]", 5))
                .hasMessageContaining("not a string or number");
    }
}
