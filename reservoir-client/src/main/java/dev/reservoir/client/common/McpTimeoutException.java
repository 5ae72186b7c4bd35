package dev.reservoir.client.common;

import java.time.Duration;

/**
 * A call got no answer in time. The client has already told the server it gave up
 * ({@code notifications/cancelled}, or by closing the request's stream in the stateless HTTP era).
 */
public final class McpTimeoutException extends McpClientException {

    private final String method;
    private final Duration timeout;

    public McpTimeoutException(String method, Duration timeout) {
        this(
                method + " got no answer within " + timeout.toMillis() + " ms (the request was cancelled)",
                method,
                timeout);
    }

    /** A timeout whose message says more than which call it was (connecting, for one). */
    public McpTimeoutException(String message, String method, Duration timeout) {
        super(message);
        this.method = method;
        this.timeout = timeout;
    }

    /** The method that timed out. */
    public String method() {
        return method;
    }

    /** How long the client waited. */
    public Duration timeout() {
        return timeout;
    }
}
