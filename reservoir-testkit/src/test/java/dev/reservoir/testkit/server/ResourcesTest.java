package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.testkit.TestClient;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** resources/list, templates, read and completion, in every revision's form. */
class ResourcesTest {

    private final InMemoryProvider items = Fixtures.items(25);
    private final McpServer server = Fixtures.builder(items).build();

    @AfterEach
    void close() {
        server.close();
    }

    static TestClient client(McpServer server, ProtocolRevision revision) {
        TestClient client = TestClient.connect(server);
        return revision.isStateless() ? client.stateless(revision, false) : client.initialize(revision);
    }

    static List<String> listAll(TestClient client) {
        List<String> uris = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = client.result(
                    "resources/list", cursor == null ? null : TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
            page.get("resources").forEach(r -> uris.add(r.get("uri").asText()));
            cursor = page.has("nextCursor") ? page.get("nextCursor").asText() : null;
        } while (cursor != null);
        return uris;
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void listPagesThroughEveryResourceOnce(ProtocolRevision revision) {
        try (TestClient client = client(server, revision)) {
            List<String> uris = listAll(client);
            // 2 static + 25 items + a collection with 3 children
            assertThat(uris).hasSize(31).doesNotHaveDuplicates();
            assertThat(uris)
                    .contains(
                            "test://text",
                            "test://bytes",
                            "demo://items/0001",
                            "demo://items/0025",
                            "demo://dir/a.txt");
        }
    }

    @Test
    void pagesNeitherRepeatNorSkipWhileTheSetChanges() {
        try (TestClient client = client(server, ProtocolRevision.V2025_11_25)) {
            Set<String> seen = new HashSet<>();
            List<String> order = new ArrayList<>();
            String cursor = null;
            int page = 0;
            do {
                JsonNode result = client.result(
                        "resources/list", cursor == null ? null : TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
                for (JsonNode r : result.get("resources")) {
                    assertThat(seen.add(r.get("uri").asText()))
                            .as("repeated %s", r.get("uri"))
                            .isTrue();
                    order.add(r.get("uri").asText());
                }
                cursor = result.has("nextCursor") ? result.get("nextCursor").asText() : null;
                // Between pages: add entries before and after the position, remove one already seen.
                page++;
                items.put(Resource.builder("demo://items/0000-" + page, "early").build(), ContentBody.text("x"));
                items.put(Resource.builder("demo://items/9999-" + page, "late").build(), ContentBody.text("x"));
                items.remove("demo://items/000" + page);
            } while (cursor != null);
            // Every original item is seen exactly once; late additions after the position appear.
            for (int i = 1; i <= 25; i++) {
                assertThat(seen).contains(String.format("demo://items/%04d", i));
            }
            assertThat(order).contains("demo://items/9999-1");
        }
    }

    @Test
    void forgedOrTamperedCursorsAreInvalidParams() {
        try (TestClient client = client(server, ProtocolRevision.V2025_06_18)) {
            String cursor =
                    client.result("resources/list", null).get("nextCursor").asText();
            char[] chars = cursor.toCharArray();
            chars[chars.length / 2] = chars[chars.length / 2] == 'A' ? 'B' : 'A';
            for (String bad : List.of(new String(chars), "garbage", "", "eyJzbG90IjoxfQ", cursor + "x")) {
                JsonNode error = client.error("resources/list", TestClient.json("{\"cursor\":\"" + bad + "\"}"));
                assertThat(error.get("code").asInt()).as("cursor %s", bad).isEqualTo(-32602);
            }
            JsonNode other =
                    client.error("resources/templates/list", TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
            assertThat(other.get("code").asInt())
                    .as("a list cursor is not a templates cursor")
                    .isEqualTo(-32602);
        }
    }

    @Test
    void cursorsFromAnotherServerAreRefused() {
        try (McpServer other = Fixtures.server();
                TestClient a = client(server, ProtocolRevision.V2025_06_18);
                TestClient b = client(other, ProtocolRevision.V2025_06_18)) {
            String cursor = a.result("resources/list", null).get("nextCursor").asText();
            assertThat(b.error("resources/list", TestClient.json("{\"cursor\":\"" + cursor + "\"}"))
                            .get("code")
                            .asInt())
                    .isEqualTo(-32602);
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void readsTextAndBlobs(ProtocolRevision revision) {
        try (TestClient client = client(server, revision)) {
            JsonNode text = client.result("resources/read", TestClient.json("{\"uri\":\"test://text\"}"))
                    .at("/contents/0");
            assertThat(text.get("text").asText()).isEqualTo(Fixtures.TEXT);
            assertThat(text.get("mimeType").asText()).isEqualTo("text/plain");
            JsonNode blob = client.result("resources/read", TestClient.json("{\"uri\":\"test://bytes\"}"))
                    .at("/contents/0");
            assertThat(Base64.getDecoder().decode(blob.get("blob").asText())).isEqualTo(Fixtures.BYTES);
            assertThat(blob.has("text")).isFalse();
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void notFoundUsesEachRevisionsCode(ProtocolRevision revision) {
        try (TestClient client = client(server, revision)) {
            JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"test://missing\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(revision.isStateless() ? -32602 : -32002);
            assertThat(error.at("/data/uri").asText()).isEqualTo("test://missing");
            JsonNode fromTemplate =
                    client.error("resources/read", TestClient.json("{\"uri\":\"test://greeting/nobody\"}"));
            assertThat(fromTemplate.at("/data/uri").asText()).isEqualTo("test://greeting/nobody");
        }
    }

    @Test
    void fieldsFollowTheRevision() {
        try (TestClient old = client(server, ProtocolRevision.V2024_11_05)) {
            JsonNode text = resource(old, "test://text");
            assertThat(text.has("title")).isFalse();
            assertThat(text.has("icons")).isFalse();
            assertThat(text.at("/annotations/lastModified").isMissingNode()).isTrue();
            assertThat(text.at("/annotations/priority").asDouble()).isEqualTo(0.8);
            assertThat(text.has("isCollection"))
                    .as("SEP-2093 only when asked for")
                    .isFalse();
        }
        try (TestClient mid = client(server, ProtocolRevision.V2025_06_18)) {
            JsonNode text = resource(mid, "test://text");
            assertThat(text.get("title").asText()).isEqualTo("Some text");
            assertThat(text.has("icons")).isFalse();
            assertThat(text.at("/annotations/lastModified").asText()).isEqualTo("2025-01-12T15:00:58Z");
        }
        try (TestClient latest = client(server, ProtocolRevision.V2025_11_25)) {
            JsonNode text = resource(latest, "test://text");
            assertThat(text.at("/icons/0/src").asText()).isEqualTo("https://example.com/i.png");
            assertThat(text.at("/icons/0/theme").asText()).isEqualTo("light");
            assertThat(text.get("size").asLong()).isEqualTo(Fixtures.TEXT.length());
            assertThat(text.at("/annotations/audience/0").asText()).isEqualTo("user");
        }
    }

    private static JsonNode resource(TestClient client, String uri) {
        for (JsonNode r : client.result("resources/list", null).get("resources")) {
            if (r.get("uri").asText().equals(uri)) {
                return r;
            }
        }
        throw new AssertionError(uri + " not on the first page");
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void templatesAreListedAndRead(ProtocolRevision revision) {
        try (TestClient client = client(server, revision)) {
            JsonNode templates = client.result("resources/templates/list", null).get("resourceTemplates");
            assertThat(templates.findValuesAsText("uriTemplate"))
                    .contains("test://greeting/{name}", "test://files/{+path}");
            JsonNode read =
                    client.result("resources/read", TestClient.json("{\"uri\":\"test://greeting/Z%C3%BCrich\"}"));
            assertThat(read.at("/contents/0/text").asText()).isEqualTo("Hello, Zürich!");
            assertThat(read.at("/contents/0/uri").asText()).isEqualTo("test://greeting/Z%C3%BCrich");
        }
    }

    @Test
    void unsafeTemplateVariablesAreRefusedBeforeTheHandlerSeesThem() {
        try (TestClient client = client(server, ProtocolRevision.V2025_06_18)) {
            for (String uri : List.of(
                    "test://greeting/a%2Fb",
                    "test://greeting/a%00b",
                    "test://greeting/..",
                    "test://files/a/../../etc/passwd",
                    "test://files/a/%2e%2e/b",
                    "test://files/a/./b",
                    "test://files/x%00y",
                    "test://files/log%0Aforged",
                    "test://files/del%7F",
                    "test://files/invoice%E2%80%AEfdp.exe",
                    "test://greeting/%E2%81%A6x")) {
                JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"" + uri + "\"}"));
                assertThat(error.get("code").asInt()).as(uri).isEqualTo(-32602);
                assertThat(error.at("/data/uri").asText())
                        .as("data.uri of " + uri)
                        .isEqualTo(uri);
            }
            assertThat(client.result("resources/read", TestClient.json("{\"uri\":\"test://files/a/b/c.txt\"}"))
                            .at("/contents/0/text")
                            .asText())
                    .isEqualTo("file a/b/c.txt");
        }
    }

    @Test
    void malformedUrisAreRefusedWithTheUriInData() {
        try (TestClient client = client(server, ProtocolRevision.V2025_11_25)) {
            for (String uri : List.of("not a uri", "relative/path", "test://x/a b", "test://x/%zz")) {
                JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"" + uri + "\"}"));
                assertThat(error.get("code").asInt()).as(uri).isEqualTo(-32602);
                assertThat(error.get("message").asText()).as(uri).contains("'uri' is not a valid URI");
                assertThat(error.at("/data/uri").asText())
                        .as("data.uri of " + uri)
                        .isEqualTo(uri);
            }
        }
    }

    /**
     * RFC 3986 allows URIs that java.net.URI refuses ("x:" and "x:#f" have an empty path, "x://" an empty
     * authority): the server answers them as invalid params, as before reads left plain URIs
     * unparsed. URIs of other forms (a port, user information, urn:) are parsed and looked up.
     */
    @Test
    void urisJavaCannotParseAreRefusedAndOtherFormsStillRead() {
        try (TestClient client = client(server, ProtocolRevision.V2025_11_25)) {
            for (String uri : List.of("x:", "x://", "x:#f")) {
                JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"" + uri + "\"}"));
                assertThat(error.get("code").asInt()).as(uri).isEqualTo(-32602);
                assertThat(error.get("message").asText()).as(uri).contains("'uri' is a URI this server cannot handle");
                assertThat(error.at("/data/uri").asText()).as(uri).isEqualTo(uri);
            }
            for (String uri : List.of("urn:x:absent", "test://files:80/absent", "test://u@files/absent")) {
                JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"" + uri + "\"}"));
                assertThat(error.get("code").asInt()).as(uri).isEqualTo(-32002); // parsed, and not found
                assertThat(error.at("/data/uri").asText()).as(uri).isEqualTo(uri);
            }
            assertThat(client.result("resources/read", TestClient.json("{\"uri\":\"test://files/x%20y.txt\"}"))
                            .at("/contents/0/text")
                            .asText())
                    .isEqualTo("file x y.txt");
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void completionUsesContextArguments(ProtocolRevision revision) {
        try (TestClient client = client(server, revision)) {
            JsonNode plain = client.result(
                    "completion/complete",
                    TestClient.json(
                            "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"test://greeting/{name}\"},\"argument\":{\"name\":\"name\",\"value\":\"b\"}}"));
            assertThat(plain.at("/completion/values").toString()).isEqualTo("[\"bob\"]");
            if (revision.hasCompletionContext()) {
                JsonNode withContext = client.result(
                        "completion/complete",
                        TestClient.json(
                                "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"test://greeting/{name}\"},\"argument\":{\"name\":\"name\",\"value\":\"bon\"},"
                                        + "\"context\":{\"arguments\":{\"lang\":\"fr\"}}}"));
                assertThat(withContext.at("/completion/values").toString()).isEqualTo("[\"bonjour\",\"bonsoir\"]");
            }
            JsonNode unknown = client.error(
                    "completion/complete",
                    TestClient.json(
                            "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"test://nope/{x}\"},\"argument\":{\"name\":\"x\",\"value\":\"\"}}"));
            assertThat(unknown.get("code").asInt()).isEqualTo(-32602);
            JsonNode badArgument = client.error(
                    "completion/complete",
                    TestClient.json(
                            "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"test://greeting/{name}\"},\"argument\":{\"name\":\"age\",\"value\":\"\"}}"));
            assertThat(badArgument.get("message").asText()).contains("age");
        }
    }

    @Test
    void completionIsCappedAtOneHundredValues() {
        InMemoryProvider none = InMemoryProvider.create();
        none.put(Resource.builder("x://a", "a").build(), ContentBody.text("a"));
        try (McpServer big = McpServer.builder()
                        .template(
                                dev.reservoir.core.model.ResourceTemplate.builder("n://{n}", "n")
                                        .build(),
                                r -> {
                                    throw new dev.reservoir.core.ResourceNotFoundException(
                                            r.uri().toString());
                                },
                                r -> dev.reservoir.server.spi.Completion.of(
                                        java.util.stream.IntStream.range(0, 500)
                                                .mapToObj(Integer::toString)
                                                .toList(),
                                        ""))
                        .build();
                TestClient client = client(big, ProtocolRevision.V2025_06_18)) {
            JsonNode completion = client.result(
                            "completion/complete",
                            TestClient.json(
                                    "{\"ref\":{\"type\":\"ref/resource\",\"uri\":\"n://{n}\"},\"argument\":{\"name\":\"n\",\"value\":\"\"}}"))
                    .get("completion");
            assertThat(completion.get("values")).hasSize(100);
            assertThat(completion.get("total").asInt()).isEqualTo(500);
            assertThat(completion.get("hasMore").asBoolean()).isTrue();
        }
    }
}
