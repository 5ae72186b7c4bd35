package dev.reservoir.cli;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What {@code reservoir serve} does on a second core while picocli reads the command line (about
 * a hundred milliseconds on a fresh JVM): a throwaway server, held in memory and reached by no
 * one, answers the requests a client's first seconds are made of, in both eras, so that the real
 * server's first answers run code that is already initialized (Jackson's factories and
 * serializers, the engine's classes, the bootstraps of its pattern switches and lambdas) instead
 * of paying for it on the client's clock. The class archive cannot hold that state: it keeps
 * loaded classes, not initialized ones.
 *
 * <p>It has no effect anyone can see: no output, no file, no log line, no socket; a failure is
 * ignored (the real server then pays the cost itself, as it would without this).
 */
final class WarmUp {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    /** A stdio client's first requests, then a stateless one's. */
    private static final List<String> REQUESTS = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"warm-up\",\"version\":\"1\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"warm-up://a\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/templates/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"server/discover\",\"params\":{" + META + "}}",
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"resources/read\",\"params\":{\"uri\":\"warm-up://a\"," + META
                    + "}}");

    /** All but the notification are answered. */
    static final int ANSWERS = REQUESTS.size() - 1;

    private WarmUp() {}

    /**
     * Initializes what starting Jetty initializes first and costs most: its table of MIME types,
     * which lists every locale the JDK knows (about fifty milliseconds on a fresh JVM), and the
     * server's own classes. Nothing is started or bound.
     */
    static void http() {
        ClassLoader loader = WarmUp.class.getClassLoader();
        for (String name : List.of("org.eclipse.jetty.http.MimeTypes", "org.eclipse.jetty.server.Server")) {
            try {
                Class.forName(name, true, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                return; // best effort, as above
            }
        }
    }

    /**
     * Runs the requests through a throwaway server and waits (briefly) for their answers.
     *
     * @return how many of the requests were answered with a result (all of them, unless the
     *     engine changed under this class: a test keeps the two in step)
     */
    static int serve() {
        JsonRpcCodec codec = JsonRpcCodec.standard();
        CountDownLatch answered = new CountDownLatch(ANSWERS);
        AtomicInteger results = new AtomicInteger();
        OutputStream discard = OutputStream.nullOutputStream();
        MessageSink sink = new MessageSink() {
            @Override
            public void send(JsonRpcMessage message) throws IOException {
                codec.write(message, discard);
                if (message instanceof JsonRpcResult) {
                    results.incrementAndGet();
                }
                answered.countDown();
            }

            @Override
            public void sendBatch(List<? extends JsonRpcMessage> messages) throws IOException {
                for (JsonRpcMessage message : messages) {
                    send(message);
                }
            }

            @Override
            public boolean capsMessageSize() {
                return true; // as stdio's
            }
        };
        try (McpServer server = McpServer.builder()
                .serverInfo("warm-up", "0")
                .resource(
                        Resource.builder("warm-up://a", "a")
                                .mimeType("text/plain")
                                .build(),
                        "warm-up")
                .build()) {
            ServerConnection connection = server.connect(sink, ConnectionInfo.STDIO);
            try {
                for (String request : REQUESTS) {
                    connection.receive(codec.decode(request.getBytes(StandardCharsets.UTF_8)), sink);
                }
                answered.await(2, TimeUnit.SECONDS);
            } finally {
                connection.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception | LinkageError e) {
            // Best effort: the real server does the same work itself when it gets there.
        }
        return results.get();
    }
}
