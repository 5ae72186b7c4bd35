package dev.reservoir.bench.http;

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
 * The floor: Jetty set up as the HTTP transport sets it up (virtual threads, one acceptor, one
 * selector), with a handler that reads the body and answers a fixed JSON-RPC response of the same
 * size as a real 1 KiB read. Whatever the real server costs above this is Reservoir's.
 */
final class FloorServer implements AutoCloseable {

    private final Server jetty;
    private final ServerConnector connector;

    FloorServer(String fixedResponse) throws Exception {
        byte[] body = fixedResponse.getBytes(StandardCharsets.UTF_8);
        QueuedThreadPool pool = new QueuedThreadPool(16, 2);
        pool.setVirtualThreadsExecutor(
                Executors.newThreadPerTaskExecutor(Thread.ofVirtual().factory()));
        jetty = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        connector = new ServerConnector(jetty, 1, 1, new HttpConnectionFactory(config));
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        jetty.addConnector(connector);
        jetty.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                // Read the request as the real server does, then answer without looking at it.
                Content.Source.asByteBuffer(request);
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
                response.write(true, ByteBuffer.wrap(body), callback);
                return true;
            }
        });
        jetty.start();
    }

    int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        jetty.stop();
    }
}
