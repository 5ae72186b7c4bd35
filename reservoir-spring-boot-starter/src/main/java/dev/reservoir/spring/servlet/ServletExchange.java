package dev.reservoir.spring.servlet;

import dev.reservoir.transport.http.exchange.HttpExchange;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One request of the application's Servlet container (Tomcat, Jetty, Undertow) as an
 * {@link HttpExchange}: started asynchronous with no timeout, so it stays open until the endpoint
 * completes or fails it; writes are blocking and flushed. A hang-up is noticed when the container
 * reports an error on the request or a write fails. Thread-safe.
 */
final class ServletExchange implements HttpExchange, AsyncListener {

    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final AsyncContext async;
    private final ReentrantLock writing = new ReentrantLock();
    private final AtomicBoolean ended = new AtomicBoolean();
    private final AtomicBoolean hungUp = new AtomicBoolean();
    private final List<Runnable> onHangup = new CopyOnWriteArrayList<>();

    /** Starts the request asynchronous (no timeout: an SSE stream may last hours). */
    ServletExchange(HttpServletRequest request, HttpServletResponse response) {
        this.request = request;
        this.response = response;
        this.async = request.startAsync(request, response);
        async.setTimeout(0);
        async.addListener(this);
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public String path() {
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        return context.isEmpty() || !uri.startsWith(context) ? uri : uri.substring(context.length());
    }

    @Override
    public String query() {
        return request.getQueryString();
    }

    @Override
    public String header(String name) {
        return request.getHeader(name);
    }

    @Override
    public List<String> headers(String name) {
        var values = request.getHeaders(name);
        return values == null ? List.of() : Collections.list(values);
    }

    @Override
    public boolean secure() {
        return request.isSecure();
    }

    @Override
    public String remoteAddress() {
        return request.getRemoteAddr();
    }

    @Override
    public long contentLength() {
        return request.getContentLengthLong();
    }

    @Override
    public InputStream body() throws IOException {
        return request.getInputStream();
    }

    @Override
    public void status(int code) {
        response.setStatus(code);
    }

    @Override
    public void setHeader(String name, String value) {
        response.setHeader(name, value);
    }

    @Override
    public void addHeader(String name, String value) {
        response.addHeader(name, value);
    }

    @Override
    public boolean committed() {
        return response.isCommitted();
    }

    @Override
    public void write(ByteBuffer bytes) throws IOException {
        writing.lock();
        try {
            if (ended.get()) {
                throw new IOException("the exchange has ended");
            }
            ServletOutputStream out = response.getOutputStream();
            if (bytes.hasArray()) {
                out.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
                bytes.position(bytes.limit());
            } else {
                byte[] copy = new byte[bytes.remaining()];
                bytes.get(copy);
                out.write(copy);
            }
            out.flush();
        } catch (IOException | IllegalStateException e) {
            hangUp();
            throw e instanceof IOException io ? io : new IOException("the client went away: " + e.getMessage(), e);
        } finally {
            writing.unlock();
        }
    }

    @Override
    public void complete() {
        end();
    }

    /**
     * Sends a 500 when nothing was sent yet; otherwise ends the response where it is (the Servlet
     * API cannot drop a connection: a chunked answer ends normally, a client of an SSE stream sees
     * it end and reconnects).
     */
    @Override
    public void fail(Throwable failure) {
        if (!response.isCommitted()) {
            try {
                response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
            } catch (IllegalStateException e) {
                // Committed meanwhile: nothing more to say.
            }
        }
        end();
    }

    @Override
    public AutoCloseable onHangup(Runnable callback) {
        onHangup.add(callback);
        if (hungUp.get() && onHangup.remove(callback)) {
            callback.run();
        }
        return () -> onHangup.remove(callback);
    }

    private void end() {
        if (ended.compareAndSet(false, true)) {
            try {
                async.complete();
            } catch (IllegalStateException e) {
                // The container ended it already (the client went away).
            }
        }
    }

    /** Runs each hang-up callback once, the first time the client is seen gone before the end. */
    private void hangUp() {
        if (!ended.get() && hungUp.compareAndSet(false, true)) {
            for (Runnable callback : onHangup) {
                if (onHangup.remove(callback)) {
                    callback.run();
                }
            }
        }
    }

    @Override
    public void onError(AsyncEvent event) {
        hangUp();
        end();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        // Ended by the container rather than by complete() or fail(): the client is gone.
        hangUp();
        ended.set(true);
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        hangUp();
        end();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // Started once, by the constructor.
    }
}
