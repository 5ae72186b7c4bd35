package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.provider.jdbc.connect.Credentials;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A real PostgreSQL behind a real server, as a read-only user whose password comes from the environment. */
@Timeout(120)
class PostgresServerIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path home;

    private PostgresServer pg;
    private Served served;
    private TestClient client;

    @BeforeEach
    void setUp() throws Exception {
        pg = PostgresServer.shared();
        JdbcProvider provider = JdbcProvider.builder()
                .database(pg.url("shop"))
                .user(PostgresServer.READER)
                .passwordFromEnv("SHOP_PASSWORD")
                .credentials(new Credentials(Map.of("SHOP_PASSWORD", PostgresServer.READER_PASSWORD), home))
                .schemas("public", "sales", "queries")
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
    void theSchemaOfATableHasItsCommentsKeysAndIndexesAsJsonAndDdl() throws Exception {
        JsonNode contents = read("postgres://shop/public/customers/schema");
        JsonNode json = MAPPER.readTree(contents.get(0).get("text").asText());
        assertThat(json.get("comment").asText()).isEqualTo("People who bought at least once");
        assertThat(json.get("columns").get(2).get("comment").asText()).isEqualTo("Unique; may be null");
        assertThat(json.get("columns").get(4).get("type").asText()).isEqualTo("timestamp with time zone");
        assertThat(json.get("uniqueConstraints").get(0).get("columns").get(0).asText())
                .isEqualTo("email");
        String ddl = contents.get(1).get("text").asText();
        assertThat(ddl).startsWith("CREATE TABLE \"public\".\"customers\" (\n    \"id\" integer NOT NULL,");
        assertThat(ddl).contains("CONSTRAINT \"customers_pkey\" PRIMARY KEY (\"id\")");
        assertThat(ddl).contains("COMMENT ON TABLE \"public\".\"customers\" IS 'People who bought at least once';");
        String orders =
                read("postgres://shop/public/orders/schema").get(1).get("text").asText();
        assertThat(orders)
                .contains(
                        "FOREIGN KEY (\"customer_id\") REFERENCES \"public\".\"customers\" (\"id\") ON DELETE CASCADE");
        assertThat(orders)
                .contains("CREATE INDEX orders_by_customer ON public.orders USING btree (customer_id, placed_at);");
        assertThat(read("postgres://shop/public/products/schema")
                        .get(1)
                        .get("text")
                        .asText())
                .contains("CONSTRAINT \"products_price_check\" CHECK (price >= 0::numeric)");
    }

    @Test
    void rowsOfEveryTypeReadAsCsvAndJsonLines() throws Exception {
        JsonNode contents = read("postgres://shop/public/typed/rows");
        JsonNode row = MAPPER.readTree(contents.get(1).get("text").asText());
        assertThat(row.get("doc").get("a").get(1).asInt()).isEqualTo(2);
        assertThat(row.get("tags").asText()).isEqualTo("{x,y}");
        assertThat(row.get("amount").decimalValue()).isEqualByComparingTo("12.345");
        assertThat(row.get("flag").asBoolean()).isTrue();
        assertThat(row.get("raw").asText()).isEqualTo("AAEC");
        assertThat(row.get("big").asText()).isEqualTo("9007199254740993");
        assertThat(contents.get(0).get("text").asText())
                .startsWith("id,doc,tags,uid,amount,flag,at,raw,big\r\n1,\"{\"\"a\"\": [1, 2]}\",");
    }

    @Test
    void rowsPageByKeyWhateverTheKeyType() {
        String page = read("postgres://shop/sales/regions/rows?after=eu")
                .get(0)
                .get("text")
                .asText();
        assertThat(page).isEqualTo("code,name\r\nus,United States\r\n");
        String items = read("postgres://shop/public/order_items/rows?after=%5B10%2C3%5D&limit=1")
                .get(0)
                .get("text")
                .asText();
        assertThat(items).isEqualTo("order_id,product_id,quantity\r\n11,2,1\r\n");
        JsonNode badKey = client.error(
                McpMethod.RESOURCES_READ.wire(),
                TestClient.json("{}").put("uri", "postgres://shop/public/customers/rows?after=x"));
        assertThat(badKey.get("code").asInt()).isEqualTo(-32602);
        assertThat(badKey.get("message").asText())
                .contains("not valid for its column's type")
                .doesNotContain("SELECT");
    }

    @Test
    void aSchemaNamedLikeAReservedSegmentIsWrittenWithABang() {
        JsonNode listed = client.result(
                McpMethod.RESOURCES_LIST.wire(), TestClient.json("{}").put("uri", "postgres://shop/"));
        assertThat(listed.get("resources").findValuesAsText("uri"))
                .containsExactly(
                        "postgres://shop/overview",
                        "postgres://shop/public",
                        "postgres://shop/!queries",
                        "postgres://shop/sales");
        assertThat(read("postgres://shop/!queries/saved/schema")
                        .get(0)
                        .get("text")
                        .asText())
                .contains("\"schema\" : \"queries\"");
        assertThat(read("postgres://shop/queries/saved/rows").get(0).get("text").asText())
                .isEqualTo("id,body\r\n");
    }

    @Test
    void nothingOutsideTheConfiguredSchemasIsReachable() {
        for (String uri : new String[] {
            "postgres://shop/hidden/secrets/rows", "postgres://shop/pg_catalog/pg_authid/rows",
            "postgres://shop/information_schema/tables/schema", "postgres://shop/hidden"
        }) {
            JsonNode error = client.error(
                    McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uri));
            assertThat(error.get("code").asInt()).as(uri).isEqualTo(-32602);
            assertThat(error.get("message").asText()).as(uri).isEqualTo("Resource not found");
        }
        assertThat(read("postgres://shop/overview").get(0).get("text").asText()).doesNotContain("secrets");
    }

    @Test
    void statsHaveThePlannerEstimateSizesAndLastAnalyzed() throws Exception {
        JsonNode stats = MAPPER.readTree(
                read("postgres://shop/public/orders/stats").get(0).get("text").asText());
        assertThat(stats.get("rowEstimate").asLong()).isEqualTo(4);
        assertThat(stats.get("totalBytes").asLong())
                .isGreaterThan(stats.get("tableBytes").asLong());
        assertThat(stats.get("lastAnalyzed").asText()).isNotEmpty();
    }

    @Test
    void theOverviewShowsEstimatesKeysAndReferences() {
        String text = read("postgres://shop/overview").get(0).get("text").asText();
        assertThat(text).startsWith("# Database shop (PostgreSQL ");
        assertThat(text)
                .contains(
                        "- customers (table, ~5 rows): People who bought at least once\n  id integer PK, name text NOT NULL,");
        assertThat(text).contains("customer_id integer NOT NULL → public.customers(id)");
        assertThat(text).contains("- order_totals (materialized view, ~");
        assertThat(text).contains("## sales\n- regions (table, ~2 rows)\n  code text PK, name text NOT NULL\n");
    }

    private JsonNode read(String uri) {
        return served.read(uri);
    }
}
