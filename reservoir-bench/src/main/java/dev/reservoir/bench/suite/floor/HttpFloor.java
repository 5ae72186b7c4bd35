package dev.reservoir.bench.suite.floor;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP floor: Jetty set up as Reservoir's HTTP transport sets it up, with a handler that reads
 * the body and answers a fixed JSON-RPC response the size of Reservoir's answer to a 1 KiB read. Usage:
 * {@code HttpFloor PORT}; prints "listening on PORT" to stderr when ready.
 *
 * <p>It is also the floor of fan-out: a POST with {@code Mcp-Method: subscriptions/listen} is
 * answered with an SSE stream that gets a fixed acknowledgement and is kept open; a request that
 * names {@code bench://touch/0} writes one fixed {@code updated} event to every open stream (on
 * the requesting thread, without waiting for any of them) before it is answered. No JSON is parsed
 * or encoded, no subscription is matched: what is left is Jetty and the sockets.
 */
public final class HttpFloor {

    private HttpFloor() {}

    private static final byte[] ACKNOWLEDGED =
            sse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\",\"params\":{}}");
    private static final byte[] UPDATED = sse(
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"bench://text/0\",\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":1}}}");

    private static byte[] sse(String json) {
        return ("event: message\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        Set<Response> streams = ConcurrentHashMap.newKeySet();
        // RawHttpFloor's answer: the two floors carry the same bytes.
        byte[] body = RawHttpFloor.body(RawHttpFloor.LENGTH).getBytes(StandardCharsets.US_ASCII);
        // -Dfloor.jetty.* vary Jetty's set-up (to measure what each option costs); the defaults are
        // Reservoir's (JettyServers).
        QueuedThreadPool pool = new QueuedThreadPool(Integer.getInteger("floor.jetty.maxThreads", 16), 2);
        if (Boolean.parseBoolean(System.getProperty("floor.jetty.virtual", "true"))) {
            pool.setVirtualThreadsExecutor(
                    Executors.newThreadPerTaskExecutor(Thread.ofVirtual().factory()));
        }
        Server jetty = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendDateHeader(Boolean.parseBoolean(System.getProperty("floor.jetty.date", "true")));
        ServerConnector connector = new ServerConnector(
                jetty,
                Integer.getInteger("floor.jetty.acceptors", 1),
                Integer.getInteger("floor.jetty.selectors", 1),
                new HttpConnectionFactory(config));
        connector.setHost("127.0.0.1");
        connector.setPort(Integer.parseInt(args[0]));
        jetty.addConnector(connector);
        jetty.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                ByteBuffer in = Content.Source.asByteBuffer(request);
                if ("subscriptions/listen".equals(request.getHeaders().get("Mcp-Method"))) {
                    response.setStatus(200);
                    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream");
                    streams.add(response);
                    response.write(false, ByteBuffer.wrap(ACKNOWLEDGED), Callback.from(() -> {}, failure -> {
                        streams.remove(response);
                        callback.failed(failure);
                    }));
                    return true; // open until the client leaves
                }
                if (StandardCharsets.ISO_8859_1.decode(in).toString().contains("bench://touch/0")) {
                    for (Response stream : streams) {
                        stream.write(false, ByteBuffer.wrap(UPDATED), Callback.from(() -> {}, failure -> {
                            streams.remove(stream);
                        }));
                    }
                }
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
                response.write(true, ByteBuffer.wrap(body), callback);
                return true;
            }
        });
        jetty.start();
        System.err.println("listening on " + connector.getLocalPort());
        jetty.join();
    }
}
