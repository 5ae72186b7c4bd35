package dev.reservoir.transport.http.internal;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Invocable;

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

    /** The thread of Jetty's that serves the exchange and must not block, or null once a virtual thread does. */
    private volatile Thread ioThread;

    /** The most of a body {@link #holdBody} reads on Jetty's I/O thread. */
    private static final int HELD_BODY = 64 * 1024;

    /** What {@link #holdBody} read of the body, and whether that is all of it. */
    private byte[] heldBody = EMPTY;

    private int heldLength;
    private boolean bodyHeld;
    private static final byte[] EMPTY = new byte[0];

    /** The response's bytes written where the thread must not block, sent by {@link #complete()}; or null. */
    private List<ByteBuffer> held;

    /** The callback of the last write that told a consumer, reused while the consumer is the same. */
    private Done lastDone;

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
        // NON_BLOCKING: Jetty calls it on the selector thread that read the request, without a
        // hand-off to another thread. That thread must not block (it serves every connection of its
        // selector), so the exchange tells the endpoint so (mayBlock), and the endpoint serves there
        // only what it answers at once, continuing anything else on a virtual thread.
        return new Handler.Abstract(Invocable.InvocationType.NON_BLOCKING) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                new JettyExchange(request, response, callback, hangups).serveOnceHeld(endpoint);
                return true;
            }
        };
    }

    /** What {@link #holdBody} found. */
    private enum Body {
        /** All of it is held. */
        HELD,
        /** More is to come. */
        WAITING,
        /** Too large to hold, or failed: left for a thread that may block, which reads on (and reports a failure). */
        LEFT
    }

    /**
     * Serves the exchange on this thread (Jetty's, which must not block) once the whole body is
     * held: now, or when the rest arrives (Jetty calls back on its own thread, and no thread
     * waits in between, so a client that sends its body late, or never, holds none). A body too
     * large to hold, or one that failed, is read on a virtual thread instead.
     */
    private void serveOnceHeld(Consumer<HttpExchange> endpoint) {
        ioThread = Thread.currentThread();
        switch (holdBody()) {
            case HELD -> endpoint.accept(this);
            case WAITING ->
                request.demand(Invocable.from(Invocable.InvocationType.NON_BLOCKING, () -> serveOnceHeld(endpoint)));
            case LEFT -> {
                ioThread = null;
                Thread.ofVirtual().name("http-body").start(() -> endpoint.accept(this));
            }
        }
    }

    /**
     * Reads what of the body has arrived, without waiting. Once all of it is held, {@link #body()}
     * reads it from memory. A body larger than {@link #HELD_BODY} is left for a thread that may
     * block, which reads on from where this stopped.
     */
    private Body holdBody() {
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                return Body.WAITING;
            }
            if (Content.Chunk.isFailure(chunk)) {
                return Body.LEFT; // read again by body(), which reports it
            }
            ByteBuffer bytes = chunk.getByteBuffer();
            int size = bytes.remaining();
            if (heldBody.length - heldLength < size) {
                heldBody = Arrays.copyOf(heldBody, Math.max(heldBody.length * 2, heldLength + size));
            }
            bytes.get(heldBody, heldLength, size);
            heldLength += size;
            boolean last = chunk.isLast();
            chunk.release();
            if (last) {
                bodyHeld = true;
                return Body.HELD;
            }
            if (heldLength > HELD_BODY) {
                return Body.LEFT;
            }
        }
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
        InputStream read = new ByteArrayInputStream(heldBody, 0, heldLength);
        return bodyHeld ? read : new SequenceInputStream(read, Request.asInputStream(request));
    }

    @Override
    public boolean mayBlock() {
        return Thread.currentThread() != ioThread;
    }

    @Override
    public void status(int code) {
        response.setStatus(code);
    }

    /**
     * The content types every answer has, made once with their bytes: a field made from a name and
     * a value looks the name up in Jetty's header table, and is encoded at every answer.
     */
    private static final Map<String, HttpField> CONTENT_TYPES = Map.of(
            Http.JSON, new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, Http.JSON),
            Http.EVENT_STREAM, new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, Http.EVENT_STREAM));

    @Override
    public void setHeader(String name, String value) {
        if (HttpHeader.CONTENT_LENGTH.is(name)) {
            // Kept as a number (Jetty writes it without parsing it again) and for completesBody.
            declared = Long.parseLong(value);
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, declared);
        } else {
            HttpField known = HttpHeader.CONTENT_TYPE.is(name) ? CONTENT_TYPES.get(value) : null;
            if (known != null) {
                response.getHeaders().put(known);
            } else {
                response.getHeaders().put(name, value);
            }
        }
    }

    @Override
    public void addHeader(String name, String value) {
        response.getHeaders().add(name, value);
    }

    @Override
    public boolean committed() {
        return held != null || response.isCommitted();
    }

    @Override
    public void write(ByteBuffer bytes) throws IOException {
        write(bytes, false);
    }

    @Override
    public void writeLast(ByteBuffer bytes) throws IOException {
        write(bytes, true);
    }

    private void write(ByteBuffer bytes, boolean handedOver) throws IOException {
        boolean last = completesBody(bytes.remaining());
        if (!mayBlock()) {
            // Jetty's I/O thread must not wait for the socket: the bytes go out with complete(). A
            // buffer the caller reuses is copied; one handed over is kept as it is.
            if (held == null) {
                held = new ArrayList<>(1);
            }
            held.add(
                    handedOver
                            ? bytes
                            : ByteBuffer.allocate(bytes.remaining()).put(bytes).flip());
            return;
        }
        if (held != null) {
            ByteBuffer before = joined(held);
            held = null;
            Content.Sink.write(response, false, before);
        }
        Content.Sink.write(response, last, bytes);
        lastWritten = last;
    }

    private static ByteBuffer joined(List<ByteBuffer> pieces) {
        if (pieces.size() == 1) {
            return pieces.getFirst();
        }
        int size = 0;
        for (ByteBuffer piece : pieces) {
            size += piece.remaining();
        }
        ByteBuffer all = ByteBuffer.allocate(size);
        for (ByteBuffer piece : pieces) {
            all.put(piece);
        }
        return all.flip();
    }

    @Override
    public void write(ByteBuffer bytes, Consumer<Throwable> done) {
        written += bytes.remaining();
        Done callback = lastDone;
        if (callback == null || callback.done != done) {
            callback = new Done(done); // an SSE stream's writes all tell the same consumer
            lastDone = callback;
        }
        try {
            response.write(false, bytes, callback);
        } catch (IllegalStateException e) {
            done.accept(e); // the exchange ended already ("channel already completed"): a failed write
        }
    }

    /**
     * A write's end told to {@code done} (null when it succeeded): one object per write, where
     * {@code Callback.from} makes three, for every stream a change reaches.
     */
    private record Done(Consumer<Throwable> done) implements Callback {
        @Override
        public void succeeded() {
            done.accept(null);
        }

        @Override
        public void failed(Throwable failure) {
            done.accept(failure);
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
        if (held != null) {
            ByteBuffer body = joined(held);
            held = null;
            response.write(true, body, callback); // without waiting: Jetty completes the callback
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
        held = null;
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
