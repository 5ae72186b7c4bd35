package dev.reservoir.spring.webflux;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * One request of the application's reactive server (Netty) as an {@link HttpExchange}: the body
 * was read before (up to a limit), and the response is a stream of chunks, each flushed as soon as
 * the server writes it. A write blocks while {@value #IN_FLIGHT} chunks wait for the server, so a
 * slow client holds back its writer instead of filling memory. A cancelled response (the client
 * went away) is a hang-up. Thread-safe.
 *
 * <p>Two locks, because emitting into the response runs the server's code on the emitting thread,
 * and that code holds locks of its own (Spring's write barrier) while it calls back into this
 * exchange from the server's threads (a chunk taken, a cancel). {@code state} guards the counters
 * and flags; it is held only briefly and never while emitting, so those callbacks can always take
 * it. {@code emitting} keeps this side's emissions in order (a chunk, then the end); the server's
 * callbacks never take it.
 */
final class ReactiveExchange implements HttpExchange {

    /** Chunks handed over and not yet taken by the server, at most. */
    static final int IN_FLIGHT = 4;

    private final ServerHttpRequest request;
    private final ServerHttpResponse response;
    private final byte[] body;
    private final Sinks.Many<Publisher<DataBuffer>> chunks =
            Sinks.many().unicast().onBackpressureBuffer();
    private final List<Runnable> onHangup = new CopyOnWriteArrayList<>();
    private final ReentrantLock state = new ReentrantLock();
    private final Condition room = state.newCondition();
    private final ReentrantLock emitting = new ReentrantLock();
    private int inFlight;
    private boolean headSent;
    private boolean ended;
    private boolean hungUp;

    ReactiveExchange(ServerHttpRequest request, ServerHttpResponse response, byte[] body) {
        this.request = request;
        this.response = response;
        this.body = body;
    }

    /** The response body: one inner publisher per write, which the server flushes after writing it. */
    Flux<Publisher<DataBuffer>> output() {
        return chunks.asFlux().doOnCancel(this::hangUp);
    }

    @Override
    public String method() {
        return request.getMethod().name();
    }

    @Override
    public String path() {
        return request.getPath().pathWithinApplication().value();
    }

    @Override
    public String query() {
        return request.getURI().getRawQuery();
    }

    @Override
    public String header(String name) {
        return request.getHeaders().getFirst(name);
    }

    @Override
    public List<String> headers(String name) {
        // Not HttpHeaders.get: Spring 6 has get(Object), Spring 7 get(String); forEach is in both.
        List<String> found = new ArrayList<>();
        request.getHeaders().forEach((header, values) -> {
            if (header.equalsIgnoreCase(name)) {
                found.addAll(values);
            }
        });
        return List.copyOf(found);
    }

    @Override
    public boolean secure() {
        return request.getSslInfo() != null
                || "https".equalsIgnoreCase(request.getURI().getScheme());
    }

    @Override
    public String remoteAddress() {
        InetSocketAddress peer = request.getRemoteAddress();
        if (peer == null) {
            return null;
        }
        return peer.getAddress() == null
                ? peer.getHostString()
                : peer.getAddress().getHostAddress();
    }

    @Override
    public InputStream body() {
        return new ByteArrayInputStream(body);
    }

    @Override
    public void status(int code) {
        if (!committed()) {
            response.setStatusCode(HttpStatusCode.valueOf(code));
        }
    }

    @Override
    public void setHeader(String name, String value) {
        if (!committed()) {
            response.getHeaders().set(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (!committed()) {
            response.getHeaders().add(name, value);
        }
    }

    @Override
    public boolean committed() {
        state.lock();
        try {
            return headSent || response.isCommitted();
        } finally {
            state.unlock();
        }
    }

    @Override
    public void write(ByteBuffer bytes) throws IOException {
        // Copied: the caller may reuse its buffer once this returns, before the server wrote it.
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        emit(Mono.fromSupplier(() -> response.bufferFactory().wrap(copy)));
    }

    @Override
    public void writeLast(ByteBuffer bytes) throws IOException {
        emit(Mono.fromSupplier(() -> response.bufferFactory().wrap(bytes))); // handed over: not copied
    }

    private void emit(Mono<DataBuffer> bytes) throws IOException {
        Mono<DataBuffer> chunk = bytes.doFinally(signal -> taken());
        emitting.lock();
        try {
            reserveRoom();
            if (chunks.tryEmitNext(chunk).isFailure()) {
                taken();
                throw new IOException("the response was closed");
            }
        } finally {
            emitting.unlock();
        }
    }

    /** Waits until fewer than {@value #IN_FLIGHT} chunks wait for the server, then counts one more. */
    private void reserveRoom() throws IOException {
        state.lock();
        try {
            while (inFlight >= IN_FLIGHT && !ended) {
                // Woken when the server takes a chunk, or when the exchange ends (fail, hang-up).
                room.await(1, TimeUnit.SECONDS);
            }
            if (ended) {
                throw new IOException(hungUp ? "the client went away" : "the exchange has ended");
            }
            headSent = true;
            inFlight++;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the client was slow to read", e);
        } finally {
            state.unlock();
        }
    }

    @Override
    public void complete() {
        if (end()) {
            emitting.lock();
            try {
                chunks.tryEmitComplete();
            } finally {
                emitting.unlock();
            }
        }
    }

    /** Answers 500 when nothing was sent; otherwise ends the stream with an error, which drops the connection. */
    @Override
    public void fail(Throwable failure) {
        if (!end()) {
            return;
        }
        emitting.lock();
        try {
            if (committed()) {
                chunks.tryEmitError(failure);
            } else {
                response.setStatusCode(HttpStatusCode.valueOf(500));
                chunks.tryEmitComplete();
            }
        } finally {
            emitting.unlock();
        }
    }

    /** Marks the exchange ended (waking a writer that waits for room); false if it had ended already. */
    private boolean end() {
        state.lock();
        try {
            if (ended) {
                return false;
            }
            ended = true;
            room.signalAll();
            return true;
        } finally {
            state.unlock();
        }
    }

    @Override
    public AutoCloseable onHangup(Runnable callback) {
        onHangup.add(callback);
        boolean gone;
        state.lock();
        try {
            gone = hungUp;
        } finally {
            state.unlock();
        }
        if (gone && onHangup.remove(callback)) {
            callback.run();
        }
        return () -> onHangup.remove(callback);
    }

    /** The client went away (the server cancelled the response, or writing it failed). */
    void hangUp() {
        state.lock();
        try {
            if (ended) {
                return;
            }
            ended = true;
            hungUp = true;
            room.signalAll();
        } finally {
            state.unlock();
        }
        for (Runnable callback : onHangup) {
            if (onHangup.remove(callback)) {
                callback.run();
            }
        }
    }

    /** Called on the server's thread, with its locks held: takes only {@code state}. */
    private void taken() {
        state.lock();
        try {
            inFlight--;
            room.signalAll();
        } finally {
            state.unlock();
        }
    }
}
