package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A result written once and sent as its bytes is the same on the wire as one written afresh. */
class EncodedResultTest {

    /** The JSON of {"items":["x...",...]} with {@code n} items, and that JSON followed by slack bytes. */
    private static String value(int n) {
        StringBuilder b = new StringBuilder("{\"items\":[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append("\"item-").append(i).append("\"");
        }
        return b.append("]}").toString();
    }

    private static EncodedResult withSlack(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        byte[] held = java.util.Arrays.copyOf(bytes, bytes.length + 100);
        java.util.Arrays.fill(held, bytes.length, held.length, (byte) '!'); // never sent
        return new EncodedResult(held, bytes.length);
    }

    private static String sent(EncodedResult result) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonRpcCodec.standard().write(new JsonRpcResult(RequestId.of(3), result), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aShortAndALongResultGoOutAsTheirBytesOnly() throws Exception {
        for (int n : new int[] {1, 100, 100_000}) { // 12 bytes, 1 KB, 1.1 MB (past the writer's buffer)
            String json = value(n);
            assertThat(sent(withSlack(json)))
                    .as("%d items", n)
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":" + json + "}");
        }
    }

    @Test
    void aLongResultAmongOtherValuesKeepsTheirSeparators() throws Exception {
        String json = value(10_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
            g.writeStartArray();
            g.writeNumber(1);
            withSlack(json).writeTo(g);
            withSlack(json).writeTo(g);
            g.writeNumber(2);
            g.writeEndArray();
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("[1," + json + "," + json + ",2]");
    }

    @Test
    void aWriterOfCharactersGetsTheSameJson() throws Exception {
        String json = value(10_000);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonRpcCodec.standard().mapper().createGenerator(out)) {
            withSlack(json).writeTo(g);
        }
        assertThat(out.toString()).isEqualTo(json);
    }

    @Test
    void aLengthPastTheArrayIsRefused() {
        assertThatThrownBy(() -> new EncodedResult(new byte[4], 5)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
