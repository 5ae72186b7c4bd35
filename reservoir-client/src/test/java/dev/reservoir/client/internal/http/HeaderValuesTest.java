package dev.reservoir.client.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The examples of the 2026-07-28 Streamable HTTP page's Value Encoding table. */
class HeaderValuesTest {

    @Test
    void encodesAsTheSpecTableShows() {
        assertThat(HeaderValues.encode("us-west1")).isEqualTo("us-west1");
        assertThat(HeaderValues.encode("Hello, \u4e16\u754c")).isEqualTo("=?base64?SGVsbG8sIOS4lueVjA==?=");
        assertThat(HeaderValues.encode(" padded ")).isEqualTo("=?base64?IHBhZGRlZCA=?=");
        assertThat(HeaderValues.encode("line1\nline2")).isEqualTo("=?base64?bGluZTEKbGluZTI=?=");
        assertThat(HeaderValues.encode("=?base64?literal?=")).isEqualTo("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
    }

    @Test
    void theNameHeaderMirrorsTheUriOfAReadAndTheNameOfACall() {
        var json = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        assertThat(StreamableHttpTransport.nameOf(
                        "resources/read", json.objectNode().put("uri", "file:///a")))
                .isEqualTo("file:///a");
        assertThat(StreamableHttpTransport.nameOf(
                        "tools/call", json.objectNode().put("name", "t")))
                .isEqualTo("t");
        assertThat(StreamableHttpTransport.nameOf(
                        "resources/list", json.objectNode().put("uri", "x://y")))
                .isNull();
    }
}
