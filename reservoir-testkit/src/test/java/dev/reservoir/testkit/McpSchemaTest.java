package dev.reservoir.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The validator accepts the official examples and catches what breaks a revision's schema. */
class McpSchemaTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * Official examples that do not match the official schema, with what is wrong with them: the
     * validator must find exactly these problems and no others.
     */
    private static final java.util.Map<String, List<String>> KNOWN_FLAWS = java.util.Map.of(
            // The schema requires ttlMs and cacheScope on ReadResourceResult; this example has neither
            // (the anyOf also reports the InputRequiredResult branch, which has no contents).
            "ReadResourceResultResponse/read-resource-result-response.json",
            List.of("'contents' is not defined", "'cacheScope' not found", "'ttlMs' not found"),
            // The type declares method and params only; the example adds an id (allowed by the
            // official schema, refused by our strict reading of it).
            "ListRootsRequest/list-roots-request.json",
            List.of("'id' is not defined"));

    @TestFactory
    Stream<DynamicTest> officialExamplesOf20260728AreValid() throws IOException, URISyntaxException {
        Path examples = Path.of(
                McpSchema.class.getResource("/mcp-schema/2026-07-28/examples").toURI());
        McpSchema schema = McpSchema.of(ProtocolRevision.V2026_07_28);
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> types = Files.list(examples)) {
            for (Path type : types.sorted().toList()) {
                try (Stream<Path> files = Files.list(type)) {
                    for (Path file : files.sorted().toList()) {
                        String definition = type.getFileName().toString();
                        String name = definition + "/" + file.getFileName();
                        tests.add(DynamicTest.dynamicTest(name, () -> {
                            JsonNode example = MAPPER.readTree(file.toFile());
                            List<String> problems = schema.validate(definition, example);
                            List<String> known = KNOWN_FLAWS.getOrDefault(name, List.of());
                            assertThat(problems).hasSameSizeAs(known);
                            for (int i = 0; i < known.size(); i++) {
                                String flaw = known.get(i);
                                assertThat(problems)
                                        .anySatisfy(p -> assertThat(p).contains(flaw));
                            }
                        }));
                    }
                }
            }
        }
        assertThat(tests).hasSizeGreaterThan(80);
        return tests.stream();
    }

    @Test
    void aTitleIsNotPartOf20241105() {
        JsonNode result = json("{\"resources\":[{\"uri\":\"a://b\",\"name\":\"b\",\"title\":\"B\"}]}");
        assertThat(McpSchema.of(ProtocolRevision.V2024_11_05).validate("ListResourcesResult", result))
                .isNotEmpty();
        assertThat(McpSchema.of(ProtocolRevision.V2025_06_18).validate("ListResourcesResult", result))
                .isEmpty();
    }

    @Test
    void statelessResultsNeedResultTypeAndCacheHints() {
        JsonNode bare = json("{\"resources\":[]}");
        assertThat(McpSchema.of(ProtocolRevision.V2026_07_28).validate("ListResourcesResult", bare))
                .isNotEmpty();
        JsonNode full = json("{\"resources\":[],\"resultType\":\"complete\",\"ttlMs\":0,\"cacheScope\":\"private\"}");
        assertThat(McpSchema.of(ProtocolRevision.V2026_07_28).validate("ListResourcesResult", full))
                .isEmpty();
    }

    @Test
    void isCollectionNeedsTheSep() {
        JsonNode contents =
                json("{\"contents\":[{\"uri\":\"a://b\",\"name\":\"b\",\"isCollection\":false,\"text\":\"x\"}]}");
        assertThat(McpSchema.of(ProtocolRevision.V2025_11_25).validate("ReadResourceResult", contents))
                .isNotEmpty();
        assertThat(McpSchema.of(ProtocolRevision.V2025_11_25, true).validate("ReadResourceResult", contents))
                .isEmpty();
    }

    @Test
    void messagesAreCheckedByKind() {
        JsonNode notFound = json(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32002,\"message\":\"Resource not found\",\"data\":{\"uri\":\"a://b\"}}}");
        assertThat(MessageValidator.validate(notFound, "resources/read", ProtocolRevision.V2025_06_18, false))
                .isEmpty();
        JsonNode badVersion = json("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022,\"message\":\"x\"}}");
        assertThat(MessageValidator.validate(badVersion, "resources/read", ProtocolRevision.V2026_07_28, false))
                .as("-32022 needs data.supported and data.requested")
                .isNotEmpty();
        JsonNode listen = json(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\",\"params\":{\"notifications\":{}}}");
        assertThat(MessageValidator.validate(listen, null, ProtocolRevision.V2025_11_25, false))
                .as("the acknowledgement does not exist before 2026-07-28")
                .isNotEmpty();
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
