package dev.reservoir.provider.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.query.NamedSql;
import dev.reservoir.provider.jdbc.query.ParamType;
import dev.reservoir.testkit.TestClient;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Named queries from the configuration: templates with typed parameters, completion, and nothing else runs. */
@Timeout(60)
class NamedQueriesTest {

    static final NamedQuery ORDERS_OF = new NamedQuery(
            "orders_of",
            "Orders of a customer",
            "A customer's orders since a date, oldest first",
            NamedSql.parse(
                    "SELECT id, placed_at, total FROM orders WHERE customer_id = :customer AND placed_at >= :since ORDER BY id"),
            List.of(
                    new NamedQuery.Param(
                            "customer",
                            ParamType.INTEGER,
                            "the customer's id",
                            null,
                            new NamedQuery.Completion.ColumnValues(new TableName("main", "customers"), "id")),
                    new NamedQuery.Param(
                            "since",
                            ParamType.DATE,
                            null,
                            "2000-01-01",
                            new NamedQuery.Completion.Sql(
                                    NamedSql.parse(
                                            "SELECT DISTINCT substr(placed_at, 1, 10) FROM orders WHERE customer_id = :customer ORDER BY 1")))));

    static final NamedQuery COUNTRIES = new NamedQuery(
            "countries",
            null,
            "How many customers each country has",
            NamedSql.parse("SELECT country, count(*) AS customers FROM customers GROUP BY country ORDER BY country"),
            List.of());

    static final NamedQuery FOREVER = new NamedQuery(
            "forever",
            null,
            "Never ends",
            NamedSql.parse("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c"),
            List.of());

    static final NamedQuery WRITES =
            new NamedQuery("writes", null, null, NamedSql.parse("DELETE FROM customers RETURNING id"), List.of());

    @TempDir
    Path dir;

    private Path file;
    private Served served;
    private TestClient client;

    @BeforeEach
    void setUp() throws Exception {
        file = SqliteFixture.shop(dir);
        JdbcProvider provider = JdbcProvider.builder()
                .sqlite(file)
                .query(ORDERS_OF)
                .query(COUNTRIES)
                .query(FOREVER)
                .query(WRITES)
                .poolSize(1)
                .connectTimeout(Duration.ofSeconds(2))
                .statementTimeout(Duration.ofMinutes(5))
                .build();
        served = Served.of(provider, Duration.ofSeconds(3));
        client = served.client();
    }

    @AfterEach
    void tearDown() {
        served.close();
    }

    @Test
    void queriesWithParametersAreTemplatesAndTheOthersAreListed() {
        JsonNode templates =
                client.result(McpMethod.RESOURCES_TEMPLATES_LIST.wire(), null).get("resourceTemplates");
        assertThat(templates.findValuesAsText("uriTemplate"))
                .containsExactly(
                        "sqlite://shop/{schema}/{table}/rows{?limit,after}",
                        "sqlite://shop/queries/orders_of{?customer,since}");
        JsonNode listed = client.result(
                McpMethod.RESOURCES_LIST.wire(), TestClient.json("{}").put("uri", "sqlite://shop/queries"));
        assertThat(listed.get("resources").findValuesAsText("uri"))
                .containsExactly(
                        "sqlite://shop/queries/countries",
                        "sqlite://shop/queries/forever",
                        "sqlite://shop/queries/writes");
    }

    @Test
    void aQueryRunsWithItsTypedParametersAndDefaults() {
        JsonNode contents = read("sqlite://shop/queries/orders_of?customer=1");
        assertThat(contents.get(0).get("text").asText())
                .isEqualTo("id,placed_at,total\r\n10,2024-01-02 10:00:00,150\r\n11,2024-02-03 11:00:00,20\r\n");
        assertThat(contents.get(1).get("mimeType").asText()).isEqualTo("application/jsonl");
        assertThat(read("sqlite://shop/queries/orders_of?customer=1&since=2024-02-01")
                        .get(0)
                        .get("text")
                        .asText()
                        .lines())
                .hasSize(2);
        assertThat(read("sqlite://shop/queries/countries").get(0).get("text").asText())
                .startsWith("country,customers\r\nFI,1\r\n");
    }

    @Test
    void parametersAreValuesNeverSql() {
        assertThat(error("sqlite://shop/queries/orders_of?customer=1%20OR%201%3D1")
                        .get("message")
                        .asText())
                .isEqualTo("Invalid params: parameter 'customer' must be a whole number, not '1 OR 1=1'");
        assertThat(error("sqlite://shop/queries/orders_of").get("message").asText())
                .isEqualTo("Invalid params: query 'orders_of' needs parameter 'customer' (a whole number)");
        assertThat(error("sqlite://shop/queries/orders_of?customer=1&region=x")
                        .get("message")
                        .asText())
                .isEqualTo("Invalid params: query 'orders_of' has no parameter 'region'");
        assertThat(error("sqlite://shop/queries/nope").get("code").asInt()).isEqualTo(-32602);
    }

    @Test
    void aParameterValueHoldingASlashReachesTheQuery() {
        // Template values of a database are values, not paths: the query itself judges "2024/01/01".
        assertThat(error("sqlite://shop/queries/orders_of?customer=1&since=2024%2F01%2F01")
                        .get("message")
                        .asText())
                .isEqualTo("Invalid params: parameter 'since' must be a date (YYYY-MM-DD), not '2024/01/01'");
    }

    @Test
    void aQueryThatWritesIsRefusedByTheReadOnlyConnection() throws Exception {
        JsonNode error = error("sqlite://shop/queries/writes");
        assertThat(error.get("message").asText()).contains("read-only").doesNotContain("DELETE");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file);
                var rs = c.createStatement().executeQuery("SELECT count(*) FROM customers")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(5);
        }
    }

    @Test
    void parametersCompleteFromAColumnOrTheirOwnQuery() {
        assertThat(complete("customer", "", null)).containsExactly("1", "2", "3", "4", "5");
        assertThat(complete("since", "2024-0", "1")).containsExactly("2024-01-02", "2024-02-03");
    }

    @Test
    void aQueryThatOutrunsTheRequestIsCancelledAndGivesItsConnectionBack() {
        JsonNode error = error("sqlite://shop/queries/forever");
        assertThat(error.get("message").asText()).containsIgnoringCase("time");
        // The pool has one connection: this read works only if the endless statement was stopped.
        assertThat(read("sqlite://shop/queries/countries").get(0).get("text").asText())
                .startsWith("country,customers");
    }

    @Test
    void aQueryNamingAnUndeclaredParameterIsRefusedAtConfiguration() {
        assertThatThrownBy(() ->
                        new NamedQuery("bad", null, null, NamedSql.parse("SELECT * FROM t WHERE a = :a"), List.of()))
                .hasMessage("query 'bad' uses :a, which its params do not declare");
    }

    private List<String> complete(String argument, String value, String customer) {
        ObjectNode params = TestClient.json("{}");
        params.putObject("ref")
                .put("type", "ref/resource")
                .put("uri", "sqlite://shop/queries/orders_of{?customer,since}");
        params.putObject("argument").put("name", argument).put("value", value);
        if (customer != null) {
            params.putObject("context").putObject("arguments").put("customer", customer);
        }
        return toList(client.result(McpMethod.COMPLETION_COMPLETE.wire(), params)
                .get("completion")
                .get("values"));
    }

    private static List<String> toList(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }

    private JsonNode read(String uri) {
        return served.read(uri);
    }

    private JsonNode error(String uri) {
        return served.error(uri);
    }
}
