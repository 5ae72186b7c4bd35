package dev.reservoir.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What reaches the output: whole lines, each message in one write call when nothing else waits. */
class LineWriterTest {

    /** Records every write call made on it, as the bytes it was given. */
    private static final class Calls extends OutputStream {
        final List<String> writes = new ArrayList<>();
        int flushes;

        @Override
        public void write(int b) {
            writes.add(String.valueOf((char) b));
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes.add(new String(b, off, len, StandardCharsets.UTF_8));
        }

        @Override
        public void flush() {
            flushes++;
        }
    }

    @Test
    void aMessageAndItsNewlineGoOutInOneWrite() throws Exception {
        Calls output = new Calls();
        LineWriter writer = new LineWriter(output, JsonRpcCodec.standard(), () -> {});
        writer.send(new JsonRpcResult(RequestId.of(7), g -> g.writeString("x".repeat(2000))));
        writer.send(new JsonRpcResult(RequestId.of(8), g -> g.writeNumber(1)));
        // Jackson's writer flushes its target when it closes: passed through, the message went out
        // in one write call and its newline in a second.
        assertThat(output.writes)
                .containsExactly(
                        "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"" + "x".repeat(2000) + "\"}\n",
                        "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":1}\n");
        assertThat(output.flushes).isEqualTo(2);
    }

    @Test
    void messagesLeftUnflushedGoOutTogetherWithTheNextFlush() throws Exception {
        Calls output = new Calls();
        LineWriter writer = new LineWriter(output, JsonRpcCodec.standard(), () -> {});
        writer.send(new JsonRpcResult(RequestId.of(1), g -> g.writeNumber(1)), false);
        writer.send(new JsonRpcResult(RequestId.of(2), g -> g.writeNumber(2)), false);
        assertThat(output.writes).as("nothing written before a flush").isEmpty();
        writer.send(new JsonRpcResult(RequestId.of(3), g -> g.writeNumber(3)));
        assertThat(output.writes)
                .containsExactly("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":1}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":2}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":3}\n");
        writer.send(new JsonRpcResult(RequestId.of(4), g -> g.writeNumber(4)), false);
        writer.flush();
        assertThat(output.writes).hasSize(2).last().isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":4}\n");
    }

    @Test
    void aMessageLargerThanTheBufferStillEndsItsLine() throws Exception {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        LineWriter writer = new LineWriter(output, JsonRpcCodec.standard(), () -> {});
        String big = "y".repeat(200_000);
        writer.send(new JsonRpcResult(RequestId.of(1), g -> g.writeString(big)));
        writer.send(new JsonRpcResult(RequestId.of(2), g -> g.writeNumber(2)));
        assertThat(output.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"" + big + "\"}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":2}\n");
    }
}
