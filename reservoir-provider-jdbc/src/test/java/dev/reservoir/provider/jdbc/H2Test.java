package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.provider.jdbc.sql.Engine;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.testkit.ResourceProviderContract;
import dev.reservoir.testkit.TestClient;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** H2, through the generic JDBC metadata path: the same resources as any other database. */
@Timeout(60)
class H2Test {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static JdbcProvider shop(Path dir) throws Exception {
        String url = "jdbc:h2:" + dir.resolve("shop").toAbsolutePath();
        if (!java.nio.file.Files.exists(dir.resolve("shop.mv.db"))) {
            SampleSchema.create(url, "sa", "", Engine.GENERIC); // not again for a second provider on it
        }
        return JdbcProvider.builder()
                .database(url)
                .user("sa")
                .passwordFromEnv("H2_PASSWORD")
                .credentials(
                        new dev.reservoir.provider.jdbc.connect.Credentials(java.util.Map.of("H2_PASSWORD", ""), dir))
                .sampleRows(2)
                .build();
    }

    @Nested
    class Contract extends ResourceProviderContract {
        @Override
        protected java.util.Optional<TemplateSample> templateSample() {
            return java.util.Optional.of(
                    new TemplateSample("jdbc://shop/PUBLIC/ORDER%20LINES/rows", "table", "ORDER LINES"));
        }

        @TempDir
        Path dir;

        @Override
        protected ResourceProvider createProvider() throws Exception {
            return shop(dir);
        }

        @Override
        protected URI missingUri() {
            return URI.create("jdbc://shop/PUBLIC/NO_SUCH_TABLE/rows");
        }
    }

    @Test
    void tablesReadThroughTheGenericPath(@TempDir Path dir) throws Exception {
        try (McpServer server = McpServer.builder().provider(shop(dir)).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
            JsonNode schema = read(client, "jdbc://shop/PUBLIC/ORDERS/schema");
            JsonNode json = MAPPER.readTree(schema.get(0).get("text").asText());
            assertThat(json.get("primaryKey").get("columns").get(0).asText()).isEqualTo("ID");
            assertThat(json.get("foreignKeys")
                            .get(0)
                            .get("references")
                            .get("table")
                            .asText())
                    .isEqualTo("CUSTOMERS");
            assertThat(schema.get(1).get("text").asText())
                    .startsWith("CREATE TABLE \"PUBLIC\".\"ORDERS\" (\n    \"ID\" INTEGER NOT NULL,");
            JsonNode rows = read(client, "jdbc://shop/PUBLIC/CUSTOMERS/rows?after=2&limit=2");
            assertThat(rows.get(0).get("text").asText())
                    .startsWith("ID,NAME,EMAIL,COUNTRY,CREATED_AT\r\n3,\"Linus, \"\"the\"\" kernel\",,FI,");
            String items = read(client, "jdbc://shop/PUBLIC/ORDER_ITEMS/rows?after=%5B10%2C3%5D&limit=1")
                    .get(0)
                    .get("text")
                    .asText();
            assertThat(items).isEqualTo("ORDER_ID,PRODUCT_ID,QUANTITY\r\n11,2,1\r\n");
            assertThat(read(client, "jdbc://shop/PUBLIC/Order%20%22Details%22/rows")
                            .get(1)
                            .get("text")
                            .asText())
                    .startsWith("{\"Id\":1,\"Note, with comma\":\"a, b\"}\n");
            assertThat(read(client, "jdbc://shop/overview").get(0).get("text").asText())
                    .contains(
                            "- ORDERS (table)\n  ID INTEGER PK, CUSTOMER_ID INTEGER NOT NULL → \"PUBLIC\".\"CUSTOMERS\"(\"ID\")");
            assertThat(MAPPER.readTree(read(client, "jdbc://shop/PUBLIC/ORDERS/stats")
                                    .get(0)
                                    .get("text")
                                    .asText())
                            .get("rowEstimate")
                            .asInt())
                    .isEqualTo(4);
        }
    }

    private static JsonNode read(TestClient client, String uri) {
        return client.result(
                        McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uri))
                .get("contents");
    }
}
