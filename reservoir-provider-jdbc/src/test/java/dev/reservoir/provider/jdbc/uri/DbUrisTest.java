package dev.reservoir.provider.jdbc.uri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.sql.DbException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DbUrisTest {

    private final DbUris uris = new DbUris("postgres", "app");
    private final TableName customers = new TableName("public", "customers");

    @Test
    void everyKindOfResourceFormatsAndParsesBack() {
        for (DbUri uri : new DbUri[] {
            new DbUri.Database(),
            new DbUri.Overview(),
            new DbUri.Queries(),
            new DbUri.Query("top", Map.of("since", "2024-01-01")),
            new DbUri.Schema("public"),
            new DbUri.Table(customers),
            new DbUri.TableSchema(customers),
            new DbUri.Stats(customers),
            DbUri.Rows.first(customers),
            new DbUri.Rows(customers, 20, "17"),
            new DbUri.Table(new TableName("queries", "saved")),
            new DbUri.Schema("overview"),
            new DbUri.Rows(new TableName("Sales \"EU\"", "a/b c"), null, "[\"x y\",1]")
        }) {
            assertThat(uris.parse(uris.format(uri))).as(uris.format(uri)).contains(uri);
        }
    }

    @Test
    void theFormsAreTheDocumentedOnes() {
        assertThat(uris.format(new DbUri.Rows(customers, 20, "17")))
                .isEqualTo("postgres://app/public/customers/rows?limit=20&after=17");
        assertThat(uris.format(new DbUri.Table(new TableName("queries", "saved"))))
                .isEqualTo("postgres://app/!queries/saved");
        assertThat(uris.format(new DbUri.Table(new TableName("Sales \"EU\"", "a/b ü"))))
                .isEqualTo("postgres://app/Sales%20%22EU%22/a%2Fb%20%C3%BC");
        assertThat(uris.format(new DbUri.Query("top", Map.of("q", "a&b=c"))))
                .isEqualTo("postgres://app/queries/top?q=a%26b%3Dc");
    }

    @Test
    void aReservedSchemaNameIsAlsoAcceptedPlainBelowATable() {
        assertThat(uris.parse("postgres://app/queries/saved/rows"))
                .contains(DbUri.Rows.first(new TableName("queries", "saved")));
        assertThat(uris.parse("postgres://app/queries/saved")).contains(new DbUri.Query("saved", Map.of()));
    }

    @Test
    void schemeAndNameCompareAsUrisDo() {
        assertThat(uris.owns("POSTGRES://APP/public")).isTrue();
        assertThat(uris.owns("postgres://app")).isTrue();
        assertThat(uris.owns("postgres://apple/public")).isFalse();
        assertThat(uris.owns("sqlite://app/public")).isFalse();
        assertThat(uris.parse("postgres://app")).contains(new DbUri.Database());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgres://app/public/customers/columns",
                "postgres://app/a/b/c/d",
                "postgres://app/public//rows",
                "postgres://app/public/"
            })
    void pathsOutsideTheLayoutAreNotFound(String uri) {
        assertThatThrownBy(() -> uris.parse(uri)).isInstanceOf(DbException.NotFound.class);
    }

    @Test
    void malformedUrisAreBadRequests() {
        assertThatThrownBy(() -> uris.parse("postgres://app/public?x=1"))
                .hasMessageContaining("takes no query parameters");
        assertThatThrownBy(() -> uris.parse("postgres://app/p%ZZ"))
                .hasMessageContaining("not a valid percent-encoding");
        assertThatThrownBy(() -> uris.parse("postgres://app/%C3%28")).hasMessageContaining("not valid UTF-8");
        assertThatThrownBy(() -> uris.parse("postgres://app/public/t/rows?limit=1&limit=2"))
                .hasMessageContaining("given twice");
        assertThatThrownBy(() -> uris.parse("postgres://app/!public")).hasMessageContaining("written with '!'");
        assertThatThrownBy(() -> uris.parse("postgres://app/public#x")).hasMessageContaining("fragment");
    }

    @Test
    void namesMustBeUriSafeWords() {
        assertThatThrownBy(() -> new DbUris("postgres", "My DB")).hasMessageContaining("lower-case letters");
        assertThat(DbUris.nameFrom("My Shop.db")).isEqualTo("my-shop.db");
        assertThat(DbUris.nameFrom("..")).isEqualTo("db");
    }
}
