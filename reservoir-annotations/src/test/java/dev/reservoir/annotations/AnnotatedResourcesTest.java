package dev.reservoir.annotations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Annotated methods served by a real server, as a client sees them. */
class AnnotatedResourcesTest {

    private McpServer server;
    private TestClient client;

    @BeforeEach
    void start() {
        server = AnnotatedResources.register(McpServer.builder(), new Catalog()).build();
        client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25);
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private JsonNode read(String uri) {
        return client.result("resources/read", TestClient.json("{\"uri\":\"" + uri + "\"}"));
    }

    private JsonNode readError(String uri) {
        return client.error("resources/read", TestClient.json("{\"uri\":\"" + uri + "\"}"));
    }

    @Test
    void resourceMethodsAreListedWithTheirAnnotations() {
        JsonNode resources = client.result("resources/list", null).get("resources");
        assertThat(resources.findValuesAsText("uri")).containsExactly("catalog://about", "catalog://cover.png");
        JsonNode about = resources.get(0);
        assertThat(about.get("name").asText()).isEqualTo("about");
        assertThat(about.get("title").asText()).isEqualTo("About the catalog");
        assertThat(about.get("mimeType").asText()).isEqualTo("text/plain");
        assertThat(about.at("/annotations/audience/0").asText()).isEqualTo("user");
        assertThat(about.at("/annotations/priority").asDouble()).isEqualTo(0.5);
        assertThat(resources.get(1).get("mimeType").asText()).isEqualTo("image/png");
    }

    @Test
    void templateMethodsAreListedAsTemplates() {
        JsonNode templates = client.result("resources/templates/list", null).get("resourceTemplates");
        assertThat(templates.findValuesAsText("uriTemplate"))
                .containsExactly("catalog://books/{id}", "catalog://books/{id}/{format}");
        assertThat(templates.get(0).get("mimeType").asText()).isEqualTo("application/json");
        assertThat(templates.get(1).get("mimeType").asText()).isEqualTo("text/plain");
    }

    @Test
    void aStringIsTextAndBytesAreABlob() {
        assertThat(read("catalog://about").at("/contents/0/text").asText()).isEqualTo("A catalog of two books.");
        JsonNode cover = read("catalog://cover.png").at("/contents/0");
        assertThat(Base64.getDecoder().decode(cover.get("blob").asText())).startsWith(0x89, 'P', 'N', 'G');
        assertThat(cover.get("mimeType").asText()).isEqualTo("image/png");
    }

    @Test
    void aRecordIsSentAsJsonWithTheVariableConvertedToItsParameterType() {
        JsonNode content = read("catalog://books/1").at("/contents/0");
        assertThat(content.get("uri").asText()).isEqualTo("catalog://books/1");
        assertThat(content.get("mimeType").asText()).isEqualTo("application/json");
        assertThat(TestClient.json(content.get("text").asText()))
                .isEqualTo(TestClient.json("{\"id\":1,\"title\":\"Dune\",\"authors\":[\"Frank Herbert\"]}"));
    }

    @Test
    void variablesBindByArgumentNameAndEnumsIgnoreCase() {
        assertThat(read("catalog://books/1/full").at("/contents/0/text").asText())
                .isEqualTo("Dune, by Frank Herbert (1965)");
        assertThat(read("catalog://books/1/Summary").at("/contents/0/text").asText())
                .isEqualTo("Dune");
    }

    @Test
    void aValueThatDoesNotConvertIsInvalidParamsNamingTheVariable() {
        JsonNode error = readError("catalog://books/abc");
        assertThat(error.get("code").asInt()).isEqualTo(-32602);
        assertThat(error.get("message").asText()).contains("variable 'id' must be an integer (64-bit), not 'abc'");
        assertThat(error.at("/data/uri").asText()).isEqualTo("catalog://books/abc");

        JsonNode tooBig = readError("catalog://books/99999999999/full");
        assertThat(tooBig.get("message").asText()).contains("variable 'id' must be an integer (32-bit)");
        JsonNode badEnum = readError("catalog://books/1/short");
        assertThat(badEnum.get("message").asText())
                .contains("variable 'format' must be one of [summary, full], not 'short'");
    }

    @Test
    void anEmptyOptionalOrAThrownNotFoundIsResourceNotFound() {
        assertThat(readError("catalog://books/2").get("code").asInt()).isEqualTo(-32002);
        assertThat(readError("catalog://books/2/full").get("code").asInt()).isEqualTo(-32002);
    }

    /** Malformed classes are refused when the provider is made, naming the method and the fix. */
    static class WrongParameter {
        @ResourceTemplate(uriTemplate = "x://items/{id}")
        public String item(String name) {
            return name;
        }
    }

    static class WrongType {
        @ResourceTemplate(uriTemplate = "x://items/{id}")
        public String item(List<String> id) {
            return "";
        }
    }

    static class ParametersOnAFixedResource {
        @Resource(uri = "x://one")
        public String one(String id) {
            return id;
        }
    }

    static class NothingAnnotated {
        public String one() {
            return "";
        }
    }

    @Test
    void malformedMethodsAreRefusedWithTheFix() {
        assertThatThrownBy(() -> AnnotatedResources.of(new WrongParameter()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parameter 'name'")
                .hasMessageContaining("names variable 'name', which template x://items/{id} does not have");
        assertThatThrownBy(() -> AnnotatedResources.of(new WrongType()))
                .hasMessageContaining("binds to String, int, long, boolean or an enum");
        assertThatThrownBy(() -> AnnotatedResources.of(new ParametersOnAFixedResource()))
                .hasMessageContaining("use @ResourceTemplate");
        assertThatThrownBy(() -> AnnotatedResources.of(new NothingAnnotated()))
                .hasMessageContaining("has no @Resource or @ResourceTemplate method");
    }
}
