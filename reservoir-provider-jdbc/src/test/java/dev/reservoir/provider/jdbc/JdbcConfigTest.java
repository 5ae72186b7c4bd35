package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The databases section of a YAML configuration becomes working providers. */
class JdbcConfigTest {

    @TempDir
    Path dir;

    @Test
    void aConfiguredDatabaseServesItsNamedQueries() throws Exception {
        SqliteFixture.shop(dir);
        Path config = Files.writeString(
                dir.resolve("reservoir.yaml"),
                """
                name: ignored by this reader
                databases:
                  - url: ./shop.db
                    name: store
                    sampleRows: 2
                    maxBytes: 64KiB
                    statementTimeout: 5s
                    poll: 500ms
                    queries:
                      orders_of:
                        title: Orders of a customer
                        sql: SELECT id, total FROM orders WHERE customer_id = :customer ORDER BY id
                        params:
                          customer: {type: integer, description: the customer, completion: {column: main.customers.id}}
                """);
        List<JdbcProviderBuilder> builders = JdbcConfig.read(config);
        assertThat(builders).hasSize(1);
        try (JdbcProvider provider = builders.getFirst().build()) {
            assertThat(provider.templates())
                    .extracting(t -> t.template().uriTemplate())
                    .contains("sqlite://store/queries/orders_of{?customer}");
            var result = provider.read(
                    ReadRequest.of(URI.create("sqlite://store/queries/orders_of?customer=1"), ReadOptions.DEFAULT));
            assertThat(Bodies.text(result.contents().getFirst().body())).isEqualTo("id,total\r\n10,150\r\n11,20\r\n");
        }
    }

    @Test
    void mistakesAreNamed() throws Exception {
        Path typo = Files.writeString(dir.resolve("typo.yaml"), "databases:\n  - url: x.db\n    pasword: nope\n");
        assertThatThrownBy(() -> JdbcConfig.read(typo)).hasMessageContaining("unknown database setting 'pasword'");
        assertThatThrownBy(() -> JdbcConfig.size("maxBytes", "lots"))
                .hasMessage("maxBytes: 'lots' is not a size; use bytes or 64KiB, 1MiB");
        assertThatThrownBy(() -> JdbcConfig.duration("poll", "soon")).hasMessageContaining("not a duration");
        assertThat(JdbcConfig.size("m", "256KiB")).isEqualTo(262_144);
        assertThat(JdbcConfig.read(Files.writeString(dir.resolve("none.yaml"), "paths: [.]\n")))
                .isEmpty();
    }
}
