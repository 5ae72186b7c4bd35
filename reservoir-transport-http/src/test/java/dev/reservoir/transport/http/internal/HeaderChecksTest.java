package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.MetaKeys;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HeaderChecksTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonRpcRequest request(String method, String version, String field, String value) {
        ObjectNode params = MAPPER.createObjectNode();
        if (field != null) {
            params.put(field, value);
        }
        if (version != null) {
            ObjectNode meta = params.putObject("_meta");
            meta.put(MetaKeys.PROTOCOL_VERSION, version);
            meta.putObject(MetaKeys.CLIENT_CAPABILITIES);
        }
        return new JsonRpcRequest(RequestId.of(1), method, params);
    }

    private static String b64(String s) {
        return "=?base64?" + Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    @Test
    void plainValuesAreLiteralAndSentinelValuesAreBase64() {
        assertThat(HeaderChecks.decode("test://a")).contains("test://a");
        assertThat(HeaderChecks.decode(b64("Hello, \u4e16\u754c"))).contains("Hello, \u4e16\u754c");
        assertThat(HeaderChecks.decode("=?base64?SGVsbG8?=")).isEmpty(); // padding missing
        assertThat(HeaderChecks.decode("=?base64?SGVs!!!bG8=?=")).isEmpty();
        assertThat(HeaderChecks.decode("=?base64?SGVsbG8=")).contains("=?base64?SGVsbG8="); // no suffix: literal
        assertThat(HeaderChecks.decode("=?BASE64?SGVsbG8=?=")).contains("=?BASE64?SGVsbG8=?="); // case matters
        assertThat(HeaderChecks.decode("caf\u00e9")).isEmpty(); // not header-safe
        assertThat(HeaderChecks.decode("a\u0001b")).isEmpty();
        assertThat(HeaderChecks.decode(
                        "=?base64?" + Base64.getEncoder().encodeToString(new byte[] {(byte) 0xff}) + "?="))
                .isEmpty(); // not UTF-8
    }

    @Test
    void matchingHeadersPass() {
        JsonRpcRequest read = request("resources/read", "2026-07-28", "uri", "test://x");
        assertThat(HeaderChecks.verify(read, "2026-07-28", "resources/read", "test://x"))
                .isEmpty();
        assertThat(HeaderChecks.verify(read, "2026-07-28", "resources/read", b64("test://x")))
                .isEmpty();
        JsonRpcRequest list = request("resources/list", "2026-07-28", null, null);
        assertThat(HeaderChecks.verify(list, "2026-07-28", "resources/list", null))
                .isEmpty();
        JsonRpcRequest tool = request("tools/call", "2026-07-28", "name", "get_weather");
        assertThat(HeaderChecks.verify(tool, "2026-07-28", "tools/call", "get_weather"))
                .isEmpty();
    }

    @Test
    void everyDisagreementIsHeaderMismatch() {
        JsonRpcRequest read = request("resources/read", "2026-07-28", "uri", "test://x");
        for (Optional<?> result : new Optional<?>[] {
            HeaderChecks.verify(read, null, "resources/read", "test://x"),
            HeaderChecks.verify(read, "2025-11-25", "resources/read", "test://x"),
            HeaderChecks.verify(read, "2026-07-28", null, "test://x"),
            HeaderChecks.verify(read, "2026-07-28", "resources/list", "test://x"),
            HeaderChecks.verify(read, "2026-07-28", "Resources/Read", "test://x"),
            HeaderChecks.verify(read, "2026-07-28", "resources/read", null),
            HeaderChecks.verify(read, "2026-07-28", "resources/read", "test://y"),
            HeaderChecks.verify(read, "2026-07-28", "resources/read", "=?base64?dGVzdDovL3g?="),
        }) {
            assertThat(result).hasValueSatisfying(e -> assertThat(((dev.reservoir.core.jsonrpc.JsonRpcError) e).code())
                    .isEqualTo(-32020));
        }
    }

    @Test
    void withoutAMetaVersionOnlyTheMethodIsChecked() {
        // The engine answers the missing _meta field itself (-32602, 400).
        JsonRpcRequest bare = request("server/discover", null, null, null);
        assertThat(HeaderChecks.verify(bare, "2026-07-28", "server/discover", null))
                .isEmpty();
        assertThat(HeaderChecks.metaIncomplete(bare)).isTrue();
        assertThat(HeaderChecks.metaIncomplete(request("server/discover", "2026-07-28", null, null)))
                .isFalse();
    }

    @Test
    void theEraFollowsTheMetaVersion() {
        assertThat(HeaderChecks.namesStatelessVersion(request("resources/list", "2026-07-28", null, null)))
                .isTrue();
        assertThat(HeaderChecks.namesStatelessVersion(request("resources/list", "v999", null, null)))
                .isTrue();
        assertThat(HeaderChecks.namesStatelessVersion(request("resources/list", "2025-11-25", null, null)))
                .isFalse();
        assertThat(HeaderChecks.namesStatelessVersion(request("resources/list", null, null, null)))
                .isFalse();
    }
}
