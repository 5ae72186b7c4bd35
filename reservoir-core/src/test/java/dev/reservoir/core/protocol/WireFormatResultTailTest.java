package dev.reservoir.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.CacheScope;
import dev.reservoir.core.model.Implementation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The fields every result ends with ({@link WireFormat#writeResultTail}): the same JSON whether
 * the server's {@code _meta} goes out as bytes made once or is written field by field.
 */
class WireFormatResultTailTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final WireFormat STATELESS = WireFormat.of(ProtocolRevision.V2026_07_28);

    /** A result {"a":1, <tail>} written by the codec's generator. */
    private static String tail(WireFormat wire, CacheHint cache, Implementation info, ObjectNode meta)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
            g.writeStartObject();
            g.writeNumberField("a", 1);
            wire.writeResultTail(g, cache, info, meta);
            g.writeEndObject();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void serverInfoAloneIsTheSameJsonEveryTime() throws IOException {
        Implementation info = new Implementation("réservoir \"quoted\" \u2603", "1.2.3", "Reservoir\ttitle");
        String first = tail(STATELESS, null, info, null);
        String again = tail(STATELESS, null, info, null);
        assertThat(again).isEqualTo(first);
        JsonNode tree = JSON.readTree(first);
        assertThat(tree.get("a").asInt()).isEqualTo(1);
        assertThat(tree.get("resultType").asText()).isEqualTo("complete");
        JsonNode server = tree.at("/_meta/" + MetaKeys.SERVER_INFO.replace("/", "~1"));
        assertThat(server.get("name").asText()).isEqualTo(info.name());
        assertThat(server.get("version").asText()).isEqualTo(info.version());
        assertThat(server.get("title").asText()).isEqualTo(info.title());
        assertThat(tree.get("_meta").size()).isEqualTo(1);
        assertThat(tree.size()).isEqualTo(3);
    }

    @Test
    void keptBytesFollowTheServerTheyWereMadeFor() throws IOException {
        Implementation one = new Implementation("one", "1", null);
        Implementation two = new Implementation("two", "2", null);
        for (Implementation info : new Implementation[] {one, two, one, new Implementation("one", "1", null)}) {
            JsonNode server = JSON.readTree(tail(STATELESS, null, info, null))
                    .get("_meta")
                    .get(MetaKeys.SERVER_INFO);
            assertThat(server.get("name").asText()).isEqualTo(info.name());
            assertThat(server.get("version").asText()).isEqualTo(info.version());
            assertThat(server.has("title")).isFalse();
        }
    }

    @Test
    void sameAsWrittenFieldByFieldWithCacheHintsAndExtraMeta() throws IOException {
        Implementation info = new Implementation("srv", "9", "Srv");
        CacheHint cache = new CacheHint(Duration.ofSeconds(5), CacheScope.PUBLIC);
        ObjectNode extra = JSON.createObjectNode().put("x", "y");
        // With extra _meta the tail is written field by field; without it, as the kept bytes.
        JsonNode withExtra = JSON.readTree(tail(STATELESS, cache, info, extra));
        JsonNode without = JSON.readTree(tail(STATELESS, cache, info, null));
        assertThat(withExtra.get("ttlMs").asLong()).isEqualTo(5000);
        assertThat(without.get("ttlMs").asLong()).isEqualTo(5000);
        assertThat(without.get("cacheScope")).isEqualTo(withExtra.get("cacheScope"));
        assertThat(without.get("_meta").get(MetaKeys.SERVER_INFO))
                .isEqualTo(withExtra.get("_meta").get(MetaKeys.SERVER_INFO));
        assertThat(withExtra.get("_meta").get("x").asText()).isEqualTo("y");
    }

    @Test
    void aPrettyPrintingGeneratorStillGetsItsOwnFormatting() throws IOException {
        Implementation info = new Implementation("srv", "9", null);
        StringWriter text = new StringWriter();
        try (JsonGenerator g = JSON.getFactory().createGenerator(text).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeNumberField("a", 1);
            STATELESS.writeResultTail(g, null, info, null);
            g.writeEndObject();
        }
        assertThat(text.toString()).contains("\"_meta\" : {");
        assertThat(JSON.readTree(text.toString())
                        .get("_meta")
                        .get(MetaKeys.SERVER_INFO)
                        .get("name")
                        .asText())
                .isEqualTo("srv");
    }

    @Test
    void sessionEraResultsHaveNoServerInfo() throws IOException {
        Implementation info = new Implementation("srv", "9", null);
        JsonNode tree = JSON.readTree(tail(WireFormat.of(ProtocolRevision.V2025_11_25), null, info, null));
        assertThat(tree.has("_meta")).isFalse();
        assertThat(tree.has("resultType")).isFalse();
    }
}
