package dev.reservoir.core.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.MetaKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link EnvelopeParser} must decode every frame exactly as reading it whole into a tree does: the
 * same message, the same node types in params and results, the same error, word for word.
 */
class EnvelopeParserTest {

    private final JsonRpcCodec codec = JsonRpcCodec.standard();
    private final EnvelopeParser envelopes = new EnvelopeParser(
            codec.mapper().getNodeFactory(),
            codec.mapper().readerFor(JsonNode.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS));

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** What the envelope parser alone makes of a frame (null: it leaves the frame to the tree reader). */
    private Decoded envelopeOnly(byte[] frame) throws Exception {
        try (JsonParser p = codec.parser(frame)) {
            return envelopes.read(p);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return null;
        }
    }

    private void decodesAsTheTreeDoes(String frame) {
        byte[] bytes = utf8(frame);
        assertThat(codec.decode(bytes)).as(frame).isEqualTo(codec.decodeTree(bytes, 0, bytes.length));
    }

    private static final List<String> MEMBERS = List.of(
            "\"jsonrpc\":\"2.0\"",
            "\"jsonrpc\":\"1.0\"",
            "\"jsonrpc\":2.0",
            "\"jsonrpc\":null",
            "\"jsonrpc\":{\"a\":[1]}",
            "\"id\":7",
            "\"id\":-1",
            "\"id\":0",
            "\"id\":2147483648",
            "\"id\":-9223372036854775808",
            "\"id\":9223372036854775807",
            "\"id\":9223372036854775808",
            "\"id\":1.0",
            "\"id\":1e3",
            "\"id\":-0",
            "\"id\":\"x\"",
            "\"id\":\"\"",
            "\"id\":\"\\u00e9\\ud83d\\ude00\"",
            "\"id\":null",
            "\"id\":true",
            "\"id\":{\"n\":1}",
            "\"id\":[1,2]",
            "\"method\":\"resources/read\"",
            "\"method\":\"\"",
            "\"method\":5",
            "\"method\":null",
            "\"method\":[\"x\"]",
            "\"params\":{\"uri\":\"bench://text/1\"}",
            "\"params\":{\"uri\":\"a://b\",\"_meta\":{\"progressToken\":3,\"io.modelcontextprotocol/clientCapabilities\":{}}}",
            // 2026-07-28's _meta: its names in the usual order, another order, escaped, among others.
            "\"params\":{\"uri\":\"a://b\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"x\":{}}}}}",
            "\"params\":{\"_meta\":{\"io.modelcontextprotocol/clientCapabilities\":{},"
                    + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"progressToken\":\"p\"},\"uri\":\"a://b\"}",
            "\"params\":{\"_meta\":{\"io.modelcontextprotocol\\/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":null}}",
            "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersio\":\"short\",\"a\":[{\"b\":1}]}}",
            "\"params\":{\"_meta\":{}}",
            "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"},"
                    + "\"x\":{\"io.modelcontextprotocol/protocolVersion\":1}}",
            "\"params\":{\"n\":1,\"l\":4294967296,\"b\":123456789012345678901234567890,\"d\":1.5,\"e\":-2.5e-300,"
                    + "\"z\":0.0,\"t\":true,\"f\":false,\"nul\":null,\"a\":[[],{},[1,\"2\",3.0,null]],\"s\":\"\\\"\\\\\\n\\u0000\"}",
            "\"params\":[1,2]",
            "\"params\":null",
            "\"params\":\"x\"",
            "\"params\":{}",
            "\"result\":{}",
            "\"result\":null",
            "\"result\":[1,{\"x\":1.25}]",
            "\"result\":\"done\"",
            "\"result\":{\"contents\":[{\"uri\":\"a://b\",\"text\":\"h\\u00e9llo\"}],\"big\":1e400}",
            "\"error\":{\"code\":-32002,\"message\":\"gone\",\"data\":{\"uri\":\"a://b\"}}",
            "\"error\":{\"code\":-32002.0,\"message\":\"gone\"}",
            "\"error\":{\"code\":4294967296,\"message\":\"x\"}",
            "\"error\":{\"code\":1}",
            "\"error\":null",
            "\"error\":\"bad\"",
            "\"other\":{\"deep\":[{\"x\":[1,2,{\"y\":null}]}]}",
            "\"x\":1.5",
            "\"_meta\":[]");

    @Test
    void everyCombinationOfMembersDecodesAsTheTreeDoes() throws Exception {
        Random random = new Random(2093);
        String[] spaces = {"", " ", "\n\t ", "\r\n"};
        for (int n = 0; n < 5000; n++) {
            List<String> members = new ArrayList<>();
            int count = random.nextInt(6);
            for (int k = 0; k < count; k++) {
                String member = MEMBERS.get(random.nextInt(MEMBERS.size()));
                String name = member.substring(0, member.indexOf(':'));
                if (members.stream().noneMatch(m -> m.startsWith(name + ":"))) {
                    members.add(member);
                }
            }
            String space = spaces[random.nextInt(spaces.length)];
            String frame = space + "{" + space + String.join("," + space, members) + space + "}" + space;
            decodesAsTheTreeDoes(frame);
            // The comparison proves something only if the envelope parser took the frame itself.
            assertThat(envelopeOnly(utf8(frame))).as(frame).isNotNull();
        }
    }

    @Test
    void framesItLeavesToTheTreeReaderGetTheTreeReadersAnswers() throws Exception {
        List<String> frames = List.of(
                "",
                "   ",
                "null",
                "7",
                "\"x\"",
                "[]",
                "[1]",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":\"n\"}]",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} {}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}x",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":1,\"a\":2}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"other\":{\"a\":1,\"a\":2}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"uri\":tru}}",
                "{\"jsonrpc\":\"2.0\",\"id\":01,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",}",
                "{\"jsonrpc\":\"2.0\",\"id\":NaN,\"method\":\"ping\"}",
                "{'jsonrpc':'2.0'}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"p\\x\"}",
                "{\"params\":" + "[".repeat(1500) + "]".repeat(1500) + "}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"p\",\"params\":{\"a\":" + "{\"b\":".repeat(900) + "1"
                        + "}".repeat(900) + "}}");
        for (String frame : frames) {
            decodesAsTheTreeDoes(frame);
        }
        // Those that are not a single well-formed object are not the envelope parser's to answer.
        assertThat(envelopeOnly(utf8("[1]"))).isNull();
        assertThat(envelopeOnly(utf8("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} {}")))
                .isNull();
    }

    @Test
    void aKeyTwiceInAnyObjectIsRefusedAsTheTreeRefusesIt() throws Exception {
        String start = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",";
        List<String> frames = List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"jsonrpc\":\"2.0\"}",
                start + "\"params\":{},\"params\":{}}",
                start + "\"x\":1,\"y\":2,\"x\":3}",
                start + "\"params\":{\"a\":1,\"b\":null,\"b\":null}}",
                start + "\"params\":{\"a\":{\"c\":[{\"d\":1,\"d\":1}]}}}",
                start + "\"params\":[{\"d\":1,\"d\":2}]}",
                start + "\"other\":{\"a\":1,\"a\":2}}",
                start + "\"other\":[[{\"a\":1,\"b\":1,\"a\":2}]]}",
                "{\"jsonrpc\":{\"v\":1,\"v\":2},\"id\":1,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":{\"v\":1,\"v\":2},\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":[{\"v\":1,\"v\":2}]}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"v\":1,\"v\":2}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1,\"code\":2,\"message\":\"m\"}}",
                start + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":1,"
                        + "\"io.modelcontextprotocol/protocolVersion\":2}}}",
                start + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"a\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
                start + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/clientCapabilities\":{},"
                        + "\"io.modelcontextprotocol\\/clientCapabilities\":{}}}}",
                start + "\"params\":{\"_meta\":{},\"_meta\":{}}}");
        for (String frame : frames) {
            decodesAsTheTreeDoes(frame);
            Decoded decoded = codec.decode(utf8(frame));
            assertThat(decoded).as(frame).isInstanceOf(Decoded.Invalid.class);
            assertThat(((Decoded.Invalid) decoded).error().error().message())
                    .as(frame)
                    .contains("Duplicate field");
            assertThat(envelopeOnly(utf8(frame))).as(frame).isNull();
        }
        // The same keys in different objects are no duplicates.
        String apart = start + "\"params\":{\"a\":{\"a\":1},\"b\":[{\"a\":1},{\"a\":2}]},\"other\":{\"a\":1}}";
        decodesAsTheTreeDoes(apart);
        assertThat(envelopeOnly(utf8(apart))).isNotNull();
    }

    @Test
    void aReadRequestKeepsItsParamsAsTheTreeWouldHaveThem() {
        byte[] frame = utf8("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"resources/read\",\"params\":{\"uri\":"
                + "\"bench://text/1\",\"_meta\":{\"progressToken\":\"t\",\"n\":2147483648}}}");
        JsonRpcRequest request = (JsonRpcRequest) ((Decoded.Single) codec.decode(frame)).message();
        assertThat(request.id()).isEqualTo(RequestId.of(12));
        assertThat(request.method()).isEqualTo("resources/read");
        assertThat(request.params().toString())
                .isEqualTo("{\"uri\":\"bench://text/1\",\"_meta\":{\"progressToken\":\"t\",\"n\":2147483648}}");
        assertThat(request.params().get("_meta").get("n").isLong()).isTrue();
    }

    @Test
    void theMetaNamesComparedAsBytesAreTheProtocols() {
        assertThat(WireNames.META_PROTOCOL_VERSION.getValue()).isEqualTo(MetaKeys.PROTOCOL_VERSION);
        assertThat(WireNames.META_CLIENT_CAPABILITIES.getValue()).isEqualTo(MetaKeys.CLIENT_CAPABILITIES);
    }

    @Test
    void aStatelessRequestsMetaKeepsItsMembersAndOrder() {
        byte[] frame = utf8("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"a://b\","
                + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"roots\":{}},\"progressToken\":7}}}");
        JsonRpcRequest request = (JsonRpcRequest) ((Decoded.Single) codec.decode(frame)).message();
        assertThat(request.params().get("_meta").toString())
                .isEqualTo("{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{\"roots\":{}},\"progressToken\":7}");
        assertThat(codec.decode(frame)).isEqualTo(codec.decodeTree(frame, 0, frame.length));
    }
}
