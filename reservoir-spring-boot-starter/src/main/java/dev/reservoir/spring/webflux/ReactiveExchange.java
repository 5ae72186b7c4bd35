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
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition room = lock.newCondition();
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
        lock.lock();
        try {
            return headSent || response.isCommitted();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void write(ByteBuffer bytes) throws IOException {
        // Copied: the caller may reuse its buffer once this returns, before the server wrote it.
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        lock.lock();
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
            Mono<DataBuffer> chunk =
                    Mono.fromSupplier(() -> response.bufferFactory().wrap(copy)).doFinally(signal -> taken());
            if (chunks.tryEmitNext(chunk).isFailure()) {
                inFlight--;
                throw new IOException("the response was closed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the client was slow to read", e);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void complete() {
        lock.lock();
        try {
            if (!ended) {
                ended = true;
                chunks.tryEmitComplete();
                room.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Answers 500 when nothing was sent; otherwise ends the stream with an error, which drops the connection. */
    @Override
    public void fail(Throwable failure) {
        lock.lock();
        try {
            if (ended) {
                return;
            }
            ended = true;
            if (headSent || response.isCommitted()) {
                chunks.tryEmitError(failure);
            } else {
                response.setStatusCode(HttpStatusCode.valueOf(500));
                chunks.tryEmitComplete();
            }
            room.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public AutoCloseable onHangup(Runnable callback) {
        onHangup.add(callback);
        boolean gone;
        lock.lock();
        try {
            gone = hungUp;
        } finally {
            lock.unlock();
        }
        if (gone && onHangup.remove(callback)) {
            callback.run();
        }
        return () -> onHangup.remove(callback);
    }

    /** The client went away (the server cancelled the response, or writing it failed). */
    void hangUp() {
        lock.lock();
        try {
            if (ended) {
                return;
            }
            ended = true;
            hungUp = true;
            room.signalAll();
        } finally {
            lock.unlock();
        }
        for (Runnable callback : onHangup) {
            if (onHangup.remove(callback)) {
                callback.run();
            }
        }
    }

    private void taken() {
        lock.lock();
        try {
            inFlight--;
            room.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
