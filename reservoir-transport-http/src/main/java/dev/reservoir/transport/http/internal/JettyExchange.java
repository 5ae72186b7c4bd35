package dev.reservoir.transport.http.internal;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * One Jetty 12 request and its response as an {@link HttpExchange}: what lets the server-neutral
 * endpoint run on Reservoir's own Jetty. A write that brings a body to its declared
 * {@code Content-Length} is sent as the last one, so a JSON answer that fits its buffer goes out
 * head and body in one write, as Jetty would send it unwrapped; {@link #complete()} then only
 * tells Jetty the exchange is done.
 */
public final class JettyExchange implements HttpExchange {

    private final Request request;
    private final Response response;
    private final Callback callback;
    private final Hangups hangups;
    private final AtomicBoolean ended = new AtomicBoolean();
    private long written;
    /** The body's length as set in Content-Length, or -1. */
    private long declared = -1;

    private volatile boolean lastWritten;

    JettyExchange(Request request, Response response, Callback callback, Hangups hangups) {
        this.request = request;
        this.response = response;
        this.callback = callback;
        this.hangups = hangups;
    }

    /**
     * The Jetty handler that serves every request with {@code endpoint}.
     *
     * @param hangups what notices at once that a client closed the connection under its stream
     */
    public static Handler handler(Consumer<HttpExchange> endpoint, Hangups hangups) {
        return new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                endpoint.accept(new JettyExchange(request, response, callback, hangups));
                return true;
            }
        };
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public String path() {
        return Request.getPathInContext(request);
    }

    @Override
    public String query() {
        return request.getHttpURI().getQuery();
    }

    @Override
    public String header(String name) {
        return request.getHeaders().get(name);
    }

    @Override
    public List<String> headers(String name) {
        return request.getHeaders().getValuesList(name);
    }

    @Override
    public boolean secure() {
        return request.getConnectionMetaData().isSecure();
    }

    @Override
    public String remoteAddress() {
        SocketAddress remote = request.getConnectionMetaData().getRemoteSocketAddress();
        if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return String.valueOf(remote);
    }

    @Override
    public long contentLength() {
        return request.getLength();
    }

    @Override
    public InputStream body() {
        return Request.asInputStream(request);
    }

    @Override
    public void status(int code) {
        response.setStatus(code);
    }

    @Override
    public void setHeader(String name, String value) {
        if (HttpHeader.CONTENT_LENGTH.is(name)) {
            // Kept as a number (Jetty writes it without parsing it again) and for completesBody.
            declared = Long.parseLong(value);
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, declared);
        } else {
            response.getHeaders().put(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        response.getHeaders().add(name, value);
    }

    @Override
    public boolean committed() {
        return response.isCommitted();
    }

    @Override
    public void write(ByteBuffer bytes) throws IOException {
        boolean last = completesBody(bytes.remaining());
        Content.Sink.write(response, last, bytes);
        lastWritten = last;
    }

    @Override
    public void write(ByteBuffer bytes, Consumer<Throwable> done) {
        written += bytes.remaining();
        try {
            response.write(false, bytes, Callback.from(() -> done.accept(null), done::accept));
        } catch (IllegalStateException e) {
            done.accept(e); // the exchange ended already ("channel already completed"): a failed write
        }
    }

    /** Counts the bytes and says whether they end a body of declared length. */
    private boolean completesBody(int size) {
        written += size;
        return declared >= 0 && written == declared;
    }

    @Override
    public void complete() {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        if (lastWritten || response.isCommitted()) {
            callback.succeeded(); // Jetty ends a body begun without its last write itself
        } else {
            response.write(true, null, callback);
        }
    }

    @Override
    public void fail(Throwable failure) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        if (response.isCommitted()) {
            // Part of the answer is out: the client must see it broken, and a write blocked on it
            // (a replaced or too slow SSE reader) must fail now.
            request.getConnectionMetaData().getConnection().close();
        }
        callback.failed(failure);
    }

    @Override
    public AutoCloseable onHangup(Runnable onHangup) {
        return hangups == null ? Hangups.Watch.NONE : hangups.watch(request, onHangup);
    }
}
