package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A SQLite file behind a real server: what a client sees, every message checked against the schema. */
@Timeout(60)
class SqliteServerTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private JdbcProvider provider;
    private Served served;
    private TestClient client;

    @BeforeEach
    void setUp() throws Exception {
        provider = JdbcProvider.builder()
                .sqlite(SqliteFixture.shop(dir))
                .sampleRows(3)
                .build();
        served = Served.of(provider);
        client = served.client();
    }

    @AfterEach
    void tearDown() {
        served.close();
    }

    @Test
    void theDatabaseListsItsOverviewSchemasTablesAndTheirParts() {
        List<String> uris = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = client.result(
                    McpMethod.RESOURCES_LIST.wire(),
                    cursor == null ? null : TestClient.json("{}").put("cursor", cursor));
            page.get("resources").forEach(r -> uris.add(r.get("uri").asText()));
            cursor = page.path("nextCursor").asText(null);
        } while (cursor != null);
        assertThat(uris).startsWith("sqlite://shop/", "sqlite://shop/overview", "sqlite://shop/main");
        assertThat(uris)
                .containsSubsequence(
                        "sqlite://shop/main/customers", "sqlite://shop/main/customers/schema",
                        "sqlite://shop/main/customers/rows", "sqlite://shop/main/customers/stats");
        assertThat(uris)
                .contains(
                        "sqlite://shop/main/Order%20%22Details%22", "sqlite://shop/main/with%20space",
                        "sqlite://shop/main/%C3%BCn%C3%AFc%C3%B8d%C3%A9%20%E8%A1%A8", "sqlite://shop/main/select",
                        "sqlite://shop/main/a%2Fb", "sqlite://shop/main/big_customers");
        assertThat(uris).hasSize(3 + (SampleSchema.SHOP_TABLES + SampleSchema.CHAIN) * 4);
    }

    @Test
    void aTableSchemaReadsAsJsonAndAsItsOwnDdl() throws Exception {
        JsonNode contents = read("sqlite://shop/main/orders/schema");
        assertThat(contents).hasSize(2);
        assertThat(contents.get(0).get("mimeType").asText()).isEqualTo("application/json");
        assertThat(contents.get(1).get("mimeType").asText()).isEqualTo("application/sql");
        assertThat(contents.get(1).get("uri").asText()).isEqualTo("sqlite://shop/main/orders/schema");
        JsonNode json = MAPPER.readTree(contents.get(0).get("text").asText());
        assertThat(json.get("columns").findValuesAsText("name"))
                .containsExactly("id", "customer_id", "placed_at", "status", "total");
        assertThat(json.get("primaryKey").get("columns").get(0).asText()).isEqualTo("id");
        JsonNode fk = json.get("foreignKeys").get(0);
        assertThat(fk.get("references").get("table").asText()).isEqualTo("customers");
        assertThat(fk.get("onDelete").asText()).isEqualTo("CASCADE");
        assertThat(json.get("indexes").get(0).get("columns")).hasSize(2);
        assertThat(contents.get(1).get("text").asText())
                .startsWith("CREATE TABLE orders")
                .contains("CREATE INDEX orders_by_customer");
    }

    @Test
    void rowsReadInKeyOrderAsCsvAndJsonLinesAndPageAfterAKey() throws Exception {
        JsonNode contents = read("sqlite://shop/main/customers/rows");
        assertThat(contents).hasSize(2);
        assertThat(contents.get(0).get("mimeType").asText()).isEqualTo("text/csv");
        String csv = contents.get(0).get("text").asText();
        assertThat(csv)
                .isEqualTo("id,name,email,country,created_at\r\n"
                        + csv.lines().skip(1).map(l -> l + "\r\n").reduce("", String::concat));
        assertThat(csv.lines().toList()).hasSize(4);
        assertThat(csv).contains("3,\"Linus, \"\"the\"\" kernel\",,FI,");
        List<String> lines = contents.get(1).get("text").asText().lines().toList();
        assertThat(lines).hasSize(3);
        JsonNode third = MAPPER.readTree(lines.get(2));
        assertThat(third.get("id").asInt()).isEqualTo(3);
        assertThat(third.get("email").isNull()).isTrue();
        String next = read("sqlite://shop/main/customers/rows?limit=10&after=3")
                .get(1)
                .get("text")
                .asText();
        assertThat(next.lines().map(l -> readTree(l).get("id").asInt()).toList())
                .containsExactly(4, 5);
    }

    @Test
    void compositeKeysPageAfterAJsonArray() {
        String page = read("sqlite://shop/main/order_items/rows?after=%5B10%2C3%5D&limit=2")
                .get(1)
                .get("text")
                .asText();
        assertThat(page.lines()
                        .map(l -> readTree(l).get("order_id").asInt() + "/"
                                + readTree(l).get("product_id").asInt())
                        .toList())
                .containsExactly("11/2", "12/1");
    }

    @Test
    void theOverviewNamesEveryTableWithItsColumnsAndReferences() {
        JsonNode overview = read("sqlite://shop/overview").get(0);
        assertThat(overview.get("mimeType").asText()).isEqualTo("text/markdown");
        String text = overview.get("text").asText();
        assertThat(text).startsWith("# Database shop (SQLite ");
        assertThat(text)
                .contains(
                        "- orders (table)\n  id INTEGER PK, customer_id INTEGER NOT NULL → \"main\".\"customers\"(\"id\")");
        assertThat(text).contains("sqlite://shop/main/a%2Fb");
        assertThat(text).contains("- big_customers (view)");
    }

    @Test
    void identifiersWithQuotesSpacesUnicodeAndReservedWordsRead() {
        assertThat(read("sqlite://shop/main/Order%20%22Details%22/rows")
                        .get(0)
                        .get("text")
                        .asText())
                .isEqualTo("Id,\"Note, with comma\"\r\n1,\"a, b\"\r\n2,\"say \"\"hi\"\"\"\r\n");
        assertThat(read("sqlite://shop/main/%C3%BCn%C3%AFc%C3%B8d%C3%A9%20%E8%A1%A8/rows")
                        .get(1)
                        .get("text")
                        .asText())
                .isEqualTo("{\"id\":1,\"名前\":\"データ\"}\n");
        assertThat(read("sqlite://shop/main/select/rows").get(1).get("text").asText())
                .isEqualTo("{\"from\":1,\"where\":\"here\"}\n");
        assertThat(read("sqlite://shop/main/a%2Fb/schema").get(0).get("text").asText())
                .contains("\"name\" : \"a/b\"");
    }

    @Test
    void statsCountTheRows() throws Exception {
        JsonNode stats = MAPPER.readTree(
                read("sqlite://shop/main/orders/stats").get(0).get("text").asText());
        assertThat(stats.get("rowEstimate").asLong()).isEqualTo(4);
        assertThat(stats.get("rowEstimateSource").asText()).isEqualTo("exact count");
    }

    @Test
    void missingTablesAndMalformedUrisAreRefusedClearly() {
        JsonNode missing = client.error(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", "sqlite://shop/main/nope/rows"));
        assertThat(missing.get("code").asInt()).isEqualTo(-32602);
        JsonNode badLimit = client.error(
                McpMethod.RESOURCES_READ.wire(),
                TestClient.json("{}").put("uri", "sqlite://shop/main/customers/rows?limit=0"));
        assertThat(badLimit.get("message").asText()).contains("'limit' must be a positive whole number");
        JsonNode tooMany = client.error(
                McpMethod.RESOURCES_READ.wire(),
                TestClient.json("{}").put("uri", "sqlite://shop/main/customers/rows?limit=20000"));
        assertThat(tooMany.get("message").asText()).contains("at most 10000");
        JsonNode unknown = client.error(
                McpMethod.RESOURCES_READ.wire(),
                TestClient.json("{}").put("uri", "sqlite://shop/main/customers/rows?where=1"));
        assertThat(unknown.get("message").asText()).contains("'limit' and 'after', not 'where'");
        JsonNode noKey = client.error(
                McpMethod.RESOURCES_READ.wire(),
                TestClient.json("{}").put("uri", "sqlite://shop/main/event_log/rows?after=1"));
        assertThat(noKey.get("message").asText()).contains("no primary key");
    }

    @Test
    void aTableReadsAsItsPartsWithSchemaAndStats() {
        JsonNode contents = read("sqlite://shop/main/customers");
        assertThat(contents.get(0).get("mimeType").asText()).isEqualTo("text/uri-list");
        assertThat(contents.get(0).get("text").asText()).contains("sqlite://shop/main/customers/rows\r\n");
        assertThat(contents.findValuesAsText("uri"))
                .contains("sqlite://shop/main/customers/schema", "sqlite://shop/main/customers/stats");
    }

    @Test
    void tableNamesCompleteWithinTheChosenSchema() {
        var params = TestClient.json("{}");
        params.putObject("ref")
                .put("type", "ref/resource")
                .put("uri", "sqlite://shop/{schema}/{table}/rows{?limit,after}");
        params.putObject("argument").put("name", "table").put("value", "or");
        params.putObject("context").putObject("arguments").put("schema", "main");
        JsonNode values = client.result(McpMethod.COMPLETION_COMPLETE.wire(), params)
                .get("completion")
                .get("values");
        assertThat(values).extracting(JsonNode::asText).containsExactly("order_items", "orders");
    }

    @Test
    void rowsOfATableWhoseNameHoldsASlashAreRead() throws Exception {
        // The database's templates take names and values, not paths: "a/b" is a table name like any other.
        assertThat(read("sqlite://shop/main/a%2Fb/rows").get(0).get("text").asText())
                .isEqualTo("id,v\r\n1,slash\r\n");
        assertThat(read("sqlite://shop/main/a%2Fb/stats").get(0).get("text").asText())
                .contains("\"name\" : \"a/b\"");
        var direct = provider.read(ReadRequest.of(
                java.net.URI.create("sqlite://shop/main/a%2Fb/rows"), dev.reservoir.server.spi.ReadOptions.DEFAULT));
        assertThat(Bodies.text(direct.contents().getFirst().body())).isEqualTo("id,v\r\n1,slash\r\n");
    }

    private JsonNode read(String uri) {
        return served.read(uri);
    }

    private static JsonNode readTree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
