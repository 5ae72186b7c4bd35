package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * SEP-2093's current draft form: per-resource {@code capabilities {list, subscribe}}, behind its own
 * opt-in ({@code dev.reservoir/sep-2093-capabilities}), next to the seed form's {@code isCollection}.
 */
class Sep2093DraftTest {

    private final McpServer server = Fixtures.server();

    @AfterEach
    void close() {
        server.close();
    }

    private TestClient client(ProtocolRevision revision, boolean seed, boolean draft) {
        TestClient client = TestClient.connect(server);
        if (draft) {
            client.withSep2093Draft();
        }
        return revision.isStateless() ? client.stateless(revision, seed) : client.initialize(revision, seed);
    }

    private static Map<String, JsonNode> listed(TestClient client) {
        Map<String, JsonNode> byUri = new HashMap<>();
        client.result("resources/list", null)
                .get("resources")
                .forEach(r -> byUri.put(r.get("uri").asText(), r));
        return byUri;
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void withoutTheOptInResourcesCarryNoCapabilities(ProtocolRevision revision) {
        try (TestClient plain = client(revision, false, false);
                TestClient seed = client(revision, true, false)) {
            assertThat(listed(plain).values()).allSatisfy(r -> {
                assertThat(r.has("capabilities")).as(r.toString()).isFalse();
                assertThat(r.has("isCollection")).as(r.toString()).isFalse();
            });
            Map<String, JsonNode> seen = listed(seed);
            assertThat(seen.values())
                    .allSatisfy(r ->
                            assertThat(r.has("capabilities")).as(r.toString()).isFalse());
            assertThat(seen.get("demo://dir/").get("isCollection").asBoolean()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(ProtocolRevision.class)
    void withTheDraftOptInCollectionsListAndResourcesSubscribe(ProtocolRevision revision) {
        try (TestClient draft = client(revision, false, true)) {
            Map<String, JsonNode> seen = listed(draft);
            JsonNode dir = seen.get("demo://dir/");
            assertThat(dir.at("/capabilities/list").asBoolean()).isTrue();
            assertThat(dir.at("/capabilities/subscribe").asBoolean()).isTrue();
            assertThat(dir.has("isCollection"))
                    .as("the seed form's field is for seed clients")
                    .isFalse();
            JsonNode text = seen.get("test://text");
            assertThat(text.at("/capabilities").has("list")).as(text.toString()).isFalse();
            assertThat(text.at("/capabilities/subscribe").asBoolean()).isTrue();
        }
    }

    @Test
    void theDraftFormServesTheRestOfTheSep() {
        try (TestClient draft = client(ProtocolRevision.V2025_11_25, false, true)) {
            JsonNode dir = draft.result("resources/metadata", TestClient.json("{\"uri\":\"demo://dir/\"}"))
                    .get("resource");
            assertThat(dir.at("/capabilities/list").asBoolean()).isTrue();
            assertThat(dir.has("isCollection")).isFalse();
            JsonNode children = draft.result("resources/list", TestClient.json("{\"uri\":\"demo://dir/\"}"))
                    .get("resources");
            assertThat(children.findValuesAsText("uri")).allMatch(uri -> uri.startsWith("demo://dir/"));
            JsonNode item = draft.result("resources/read", TestClient.json("{\"uri\":\"test://text\"}"))
                    .at("/contents/0");
            assertThat(item.get("name").asText()).isEqualTo("text");
            assertThat(item.at("/capabilities/subscribe").asBoolean()).isTrue();
            JsonNode subscribed = draft.result("resources/subscribe", TestClient.json("{\"uri\":\"demo://dir/\"}"));
            assertThat(subscribed.isObject()).isTrue();
        }
    }

    @Test
    void bothFormsTogetherCarryBothFields() {
        try (TestClient both = client(ProtocolRevision.V2026_07_28, true, true)) {
            JsonNode dir = listed(both).get("demo://dir/");
            assertThat(dir.get("isCollection").asBoolean()).isTrue();
            assertThat(dir.at("/capabilities/list").asBoolean()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolRevision.class, names = "V2026_07_28", mode = EnumSource.Mode.EXCLUDE)
    void theServerAdvertisesBothForms(ProtocolRevision revision) {
        TestClient client = TestClient.connect(server);
        try (client) {
            JsonNode caps = client.result(
                            "initialize",
                            TestClient.json("{\"protocolVersion\":\"" + revision.id()
                                    + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}"))
                    .get("capabilities");
            assertThat(caps.path("experimental").has("dev.reservoir/sep-2093")).isTrue();
            assertThat(caps.path("experimental").has("dev.reservoir/sep-2093-capabilities"))
                    .isTrue();
        }
    }
}
