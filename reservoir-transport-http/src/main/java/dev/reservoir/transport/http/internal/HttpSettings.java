package dev.reservoir.transport.http.internal;

import dev.reservoir.transport.http.host.HostNames;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What an HTTP transport was built with. Immutable.
 *
 * @param endpoint the Streamable HTTP endpoint path, such as {@code /mcp}
 * @param httpSsePath the 2024-11-05 SSE path ({@code /sse}), or null when that transport is off
 * @param httpSseMessagePath the 2024-11-05 POST path the SSE endpoint announces
 * @param guard the Host, Origin and token checks
 * @param keystore the TLS keystore, or null for plain HTTP
 * @param sseRetry the reconnection delay sent to clients in {@code retry} fields
 * @param ssePollInterval how long a resumable SSE connection stays open before the server closes it
 *     (the client reconnects with {@code Last-Event-ID}); null keeps connections open
 * @param sseAfter how long a POST waits for its answer before it switches to an SSE stream
 * @param keepAlive how often an idle SSE stream gets a comment line
 */
public record HttpSettings(
        String host,
        int port,
        String endpoint,
        String httpSsePath,
        String httpSseMessagePath,
        Guard guard,
        Path keystore,
        char[] keystorePassword,
        String keystoreType,
        Limits limits,
        Duration sseRetry,
        Duration ssePollInterval,
        Duration sseAfter,
        Duration keepAlive) {

    /** Whether the server is bound to an address other hosts can reach. */
    public boolean network() {
        return !HostNames.isLoopback(host);
    }

    /**
     * Limits that keep one client, or many, from making the server hold unbounded memory or
     * locking others out.
     *
     * @param maxRequestBytes the largest request body (more gets 413)
     * @param maxRequestHeaderBytes the largest request head, request line and headers (more gets 431)
     * @param maxSessions stateful sessions open at once (then the oldest idle one ends; 503 when none is)
     * @param maxSessionsPerClient sessions one client may have open (then its oldest idle one ends; 429)
     * @param maxStreamsPerSession SSE streams one session may have open at once (more gets 429)
     * @param maxStreamsPerClient SSE streams one client may have open at once (more gets 429)
     * @param maxStreams SSE streams open at once over all clients (more gets 429)
     * @param maxConnections TCP connections at once (beyond, new ones wait to be accepted)
     * @param sessionIdleTimeout a session with no request and no open stream for this long ends
     * @param halfOpenTimeout a session whose client sent nothing after initialize ends after this long
     * @param headerTimeout a request whose head has not fully arrived this long after it began gets 408
     * @param connectionIdleTimeout an HTTP connection with no traffic for this long is closed
     * @param replayEvents events kept per stream for {@code Last-Event-ID} resumption
     * @param replayBytes bytes kept per stream for resumption (the newest event is always kept)
     */
    public record Limits(
            int maxRequestBytes,
            int maxRequestHeaderBytes,
            int maxSessions,
            int maxSessionsPerClient,
            int maxStreamsPerSession,
            int maxStreamsPerClient,
            int maxStreams,
            int maxConnections,
            Duration sessionIdleTimeout,
            Duration halfOpenTimeout,
            Duration headerTimeout,
            Duration connectionIdleTimeout,
            int replayEvents,
            long replayBytes) {}
}
