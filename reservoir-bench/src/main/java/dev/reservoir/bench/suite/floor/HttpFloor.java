package dev.reservoir.bench.suite.floor;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
 * the body and answers a fixed JSON-RPC response the size of a real 1 KiB read. Usage:
 * {@code HttpFloor PORT}; prints "listening on PORT" to stderr when ready.
 */
public final class HttpFloor {

    private HttpFloor() {}

    public static void main(String[] args) throws Exception {
        byte[] body =
                ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"contents\":[{\"uri\":\"bench://text/0\",\"mimeType\":\"text/plain\",\"text\":\""
                                + "x".repeat(1024) + "\"}]}}")
                        .getBytes(StandardCharsets.UTF_8);
        QueuedThreadPool pool = new QueuedThreadPool(16, 2);
        pool.setVirtualThreadsExecutor(
                Executors.newThreadPerTaskExecutor(Thread.ofVirtual().factory()));
        Server jetty = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(config));
        connector.setHost("127.0.0.1");
        connector.setPort(Integer.parseInt(args[0]));
        jetty.addConnector(connector);
        jetty.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                Content.Source.asByteBuffer(request);
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
