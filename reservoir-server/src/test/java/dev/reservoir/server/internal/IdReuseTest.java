package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A request id is free again the moment its answer goes out. */
class IdReuseTest {

    private static final byte[] READ = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{"
                    + "\"uri\":\"mem://a\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}")
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void aClientMayReuseAnIdAsSoonAsItHasTheAnswer() throws Exception {
        JsonRpcCodec codec = JsonRpcCodec.standard();
        BlockingQueue<JsonRpcMessage> answers = new LinkedBlockingQueue<>();
        AtomicBoolean reused = new AtomicBoolean();
        ServerConnection[] connection = new ServerConnection[1];
        MessageSink sink = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) {
                answers.add(message);
                // The client has the answer: it sends its next request with the same id at once,
                // before the server's thread has returned from writing this answer.
                if (reused.compareAndSet(false, true)) {
                    connection[0].receive(codec.decode(READ), this);
                }
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) {}
        };
        try (McpServer server = McpServer.builder()
                .resource(Resource.builder("mem://a", "a").build(), "text")
                .build()) {
            connection[0] = server.connect(sink);
            connection[0].receive(codec.decode(READ), sink);
            JsonRpcMessage first = answers.poll(5, TimeUnit.SECONDS);
            JsonRpcMessage second = answers.poll(5, TimeUnit.SECONDS);
            assertThat(first).isInstanceOf(JsonRpcResult.class);
            assertThat(second)
                    .as("the reused id is served, not refused as a duplicate")
                    .isInstanceOf(JsonRpcResult.class);
            connection[0].close();
        }
    }
}
