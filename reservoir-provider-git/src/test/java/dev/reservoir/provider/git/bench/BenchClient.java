package dev.reservoir.provider.git.bench;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcResponse;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A raw in-memory connection to a server: every response is serialized (as a transport would)
 * into a byte counter, and update notifications are time-stamped. Thread-safe for concurrent calls.
 */
final class BenchClient implements AutoCloseable {

    final AtomicLong bytes = new AtomicLong();
    final BlockingQueue<Long> updates = new LinkedBlockingQueue<>();
    private final Map<String, BlockingQueue<JsonRpcResponse>> waiting = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final ServerConnection connection;

    BenchClient(McpServer server) throws InterruptedException {
        this.connection = server.connect(new Sink());
        call(
                "initialize",
                "{\"protocolVersion\": \"2025-11-25\", \"capabilities\": {},"
                        + " \"clientInfo\": {\"name\": \"gitbench\", \"version\": \"1\"}}");
        connection.receive(
                JsonRpcCodec.standard().decode("{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}"),
                new Sink());
    }

    /** Sends a request and waits for its result (fails on an error). */
    void call(String method, String params) throws InterruptedException {
        String id = "b" + ids.incrementAndGet();
        BlockingQueue<JsonRpcResponse> answer = new LinkedBlockingQueue<>();
        waiting.put(id, answer);
        connection.receive(
                JsonRpcCodec.standard()
                        .decode("{\"jsonrpc\": \"2.0\", \"id\": \"" + id + "\", \"method\": \"" + method
                                + "\", \"params\": " + params + "}"),
                new Sink());
        JsonRpcResponse response = answer.poll(120, TimeUnit.SECONDS);
        if (!(response instanceof JsonRpcResult)) {
            throw new IllegalStateException(method + " " + params + " failed: " + response);
        }
    }

    void read(String uri) throws InterruptedException {
        call("resources/read", "{\"uri\": \"" + uri + "\"}");
    }

    @Override
    public void close() {
        connection.close();
    }

    private final class Sink implements MessageSink {
        private final OutputStream counter = new OutputStream() {
            @Override
            public void write(int b) {
                bytes.incrementAndGet();
            }

            @Override
            public void write(byte[] b, int off, int len) {
                bytes.addAndGet(len);
            }
        };

        @Override
        public void send(JsonRpcMessage message) throws IOException {
            JsonRpcCodec.standard().write(message, counter);
            if (message instanceof JsonRpcNotification n && n.method().equals("notifications/resources/updated")) {
                updates.add(System.nanoTime());
            }
            if (message instanceof JsonRpcResponse r && r.id() instanceof RequestId.Str id) {
                BlockingQueue<JsonRpcResponse> queue = waiting.remove(id.value());
                if (queue != null) {
                    queue.add(r);
                }
            }
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
            for (JsonRpcMessage message : messages) {
                send(message);
            }
        }
    }
}
