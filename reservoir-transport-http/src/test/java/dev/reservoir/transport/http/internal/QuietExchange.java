package dev.reservoir.transport.http.internal;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.InputStream;
import java.util.List;

/**
 * An exchange in memory for the tests of what writes a response: a POST to {@code /mcp} from
 * loopback with no headers and no body, whose status, headers and end go nowhere. A test
 * overrides the writes (and whatever else it looks at).
 */
abstract class QuietExchange implements HttpExchange {

    @Override
    public String method() {
        return "POST";
    }

    @Override
    public String path() {
        return "/mcp";
    }

    @Override
    public String query() {
        return null;
    }

    @Override
    public String header(String name) {
        return null;
    }

    @Override
    public List<String> headers(String name) {
        return List.of();
    }

    @Override
    public boolean secure() {
        return false;
    }

    @Override
    public String remoteAddress() {
        return "127.0.0.1";
    }

    @Override
    public InputStream body() {
        return InputStream.nullInputStream();
    }

    @Override
    public void status(int code) {}

    @Override
    public void setHeader(String name, String value) {}

    @Override
    public void addHeader(String name, String value) {}

    @Override
    public boolean committed() {
        return true;
    }

    @Override
    public void complete() {}

    @Override
    public void fail(Throwable failure) {}

    @Override
    public AutoCloseable onHangup(Runnable onHangup) {
        return () -> {};
    }
}
