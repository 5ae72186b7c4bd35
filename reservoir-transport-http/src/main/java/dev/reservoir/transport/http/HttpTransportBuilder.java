package dev.reservoir.transport.http;

import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.host.HostNames;
import dev.reservoir.transport.http.internal.Guard;
import dev.reservoir.transport.http.internal.HttpSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Builds an {@link HttpTransport}. Defaults: 127.0.0.1, an ephemeral port, endpoint {@code /mcp},
 * the 2024-11-05 endpoints at {@code /sse} and {@code /message}, a Host allow-list of localhost
 * names (and, on a network bind, this machine's addresses and name), browser origins limited to
 * the server's own, no token (a network bind needs one, or {@link #allowUnauthenticatedNetwork}),
 * 4 MiB requests and 32 KiB request heads, 8 SSE streams per session, 1,000 per client and 10,000
 * in all, 1,000 sessions per client and 10,000 in all, sessions ending after 30 idle minutes (30
 * seconds while the client has sent nothing since initialize), 408 for a request head that takes
 * over 20 seconds. A client is a bearer token, or without tokens a remote address. Not
 * thread-safe.
 */
public final class HttpTransportBuilder {

    private String host = "127.0.0.1";
    private int port;
    private String endpoint = "/mcp";
    private String httpSsePath = "/sse";
    private String httpSseMessagePath = "/message";
    private Set<String> allowedHosts;
    private Set<String> allowedOrigins;
    private BearerTokens tokens;
    private Path keystore;
    private char[] keystorePassword;
    private String keystoreType = "PKCS12";
    private boolean unauthenticatedNetwork;
    private int maxRequestBytes = 4 << 20;
    private int maxRequestHeaderBytes = 32 << 10;
    private int maxSessions = 10_000;
    private int maxSessionsPerClient = 1_000;
    private int maxStreamsPerSession = 8;
    private int maxStreamsPerClient = 1_000;
    private int maxStreams = 10_000;
    private Integer maxConnections;
    private Duration sessionIdleTimeout = Duration.ofMinutes(30);
    private Duration halfOpenTimeout = Duration.ofSeconds(30);
    private Duration headerTimeout = Duration.ofSeconds(20);
    private Duration connectionIdleTimeout = Duration.ofSeconds(60);
    private int replayEvents = 1000;
    private long replayBytes = 4 << 20;
    private Duration sseRetry = Duration.ofSeconds(1);
    private Duration ssePollInterval;
    private Duration sseAfter = Duration.ofSeconds(5);
    private Duration keepAlive = Duration.ofSeconds(15);

    HttpTransportBuilder() {}

    /** The address to bind (default 127.0.0.1; {@code 0.0.0.0} for every interface). */
    public HttpTransportBuilder host(String host) {
        this.host = Objects.requireNonNull(host, "host");
        return this;
    }

    /** The port (0, the default, picks a free one; see {@link HttpTransport.Running#port()}). */
    public HttpTransportBuilder port(int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, not " + port);
        }
        this.port = port;
        return this;
    }

    /** The Streamable HTTP endpoint path (default {@code /mcp}). */
    public HttpTransportBuilder endpoint(String path) {
        this.endpoint = path(path);
        return this;
    }

    /** The 2024-11-05 HTTP+SSE paths (default {@code /sse} and {@code /message}). */
    public HttpTransportBuilder httpSse(String ssePath, String messagePath) {
        this.httpSsePath = path(ssePath);
        this.httpSseMessagePath = path(messagePath);
        return this;
    }

    /** Turns the 2024-11-05 HTTP+SSE endpoints off. */
    public HttpTransportBuilder noHttpSse() {
        this.httpSsePath = null;
        this.httpSseMessagePath = null;
        return this;
    }

    /**
     * More {@code Host} header values to answer (others get 421), as {@code name} (any port) or
     * {@code name:port}, in addition to the defaults: localhost names, and on a network bind the
     * address bound (every interface's for {@code 0.0.0.0}) and this machine's host name.
     */
    public HttpTransportBuilder allowedHosts(Collection<String> hosts) {
        this.allowedHosts = new LinkedHashSet<>(hosts);
        return this;
    }

    /**
     * Browser origins, besides the server's own, that may call it (others get 403):
     * {@code scheme://host:port}, {@code scheme://host:*} for any port, or {@code scheme://host}
     * for the default port. Requests without an Origin (non-browser clients) always pass.
     */
    public HttpTransportBuilder allowedOrigins(Collection<String> origins) {
        this.allowedOrigins = new LinkedHashSet<>(origins);
        return this;
    }

    /**
     * Allows binding an address other machines can reach without requiring a bearer token: then
     * anyone who can reach it can read every resource. Without this, such a build fails.
     */
    public HttpTransportBuilder allowUnauthenticatedNetwork() {
        this.unauthenticatedNetwork = true;
        return this;
    }

    /** Requires one of these bearer tokens (401 with {@code WWW-Authenticate} otherwise). */
    public HttpTransportBuilder bearerTokens(BearerTokens tokens) {
        this.tokens = Objects.requireNonNull(tokens, "tokens");
        return this;
    }

    /** Serves HTTPS with the key and certificate in a keystore (PKCS12 unless told otherwise). */
    public HttpTransportBuilder tls(Path keystore, char[] password) {
        if (!Files.isReadable(keystore)) {
            throw new IllegalArgumentException("keystore " + keystore + " does not exist or is not readable");
        }
        this.keystore = keystore;
        this.keystorePassword = password.clone();
        return this;
    }

    /** The keystore type: {@code PKCS12} (default) or {@code JKS}. */
    public HttpTransportBuilder keystoreType(String type) {
        this.keystoreType = Objects.requireNonNull(type, "type");
        return this;
    }

    /** The largest request body (default 4 MiB); a larger one gets 413. */
    public HttpTransportBuilder maxRequestBytes(int bytes) {
        this.maxRequestBytes = atLeast(1024, bytes, "max request size");
        return this;
    }

    /**
     * The largest request head, request line and headers (default 32 KiB: room for an
     * {@code Mcp-Name} header with the longest URI the server takes, Base64-encoded); a larger one
     * gets 431 with a JSON-RPC error.
     */
    public HttpTransportBuilder maxRequestHeaderBytes(int bytes) {
        this.maxRequestHeaderBytes = atLeast(16 << 10, bytes, "max request head size");
        return this;
    }

    /**
     * Stateful sessions (and 2024-11-05 connections) open at once (default 10,000). When a new one
     * would be one too many, the oldest idle session ends (those whose client sent nothing since
     * initialize first); when none is idle, 503.
     */
    public HttpTransportBuilder maxSessions(int max) {
        this.maxSessions = atLeast(1, max, "max sessions");
        return this;
    }

    /** Sessions one client may have open (default 1,000); beyond, its oldest idle one ends, or 429. */
    public HttpTransportBuilder maxSessionsPerClient(int max) {
        this.maxSessionsPerClient = atLeast(1, max, "max sessions per client");
        return this;
    }

    /** SSE streams one client may have open over all its sessions and requests (default 1,000); more get 429. */
    public HttpTransportBuilder maxStreamsPerClient(int max) {
        this.maxStreamsPerClient = atLeast(1, max, "max streams per client");
        return this;
    }

    /**
     * TCP connections open at once (default: the stream limit plus 1,024). At the limit the server
     * stops accepting until one closes, and idle connections are closed sooner.
     */
    public HttpTransportBuilder maxConnections(int max) {
        this.maxConnections = atLeast(1, max, "max connections");
        return this;
    }

    /** A session whose client sent nothing after initialize ends after this long (default 30 s). */
    public HttpTransportBuilder halfOpenTimeout(Duration timeout) {
        this.halfOpenTimeout = positive(timeout, "half-open session timeout");
        return this;
    }

    /** A request whose head has not fully arrived this long after it began gets 408 (default 20 s). */
    public HttpTransportBuilder headerTimeout(Duration timeout) {
        this.headerTimeout = positive(timeout, "request head timeout");
        return this;
    }

    /** SSE streams one session may have open (default 8); more get 429. */
    public HttpTransportBuilder maxStreamsPerSession(int max) {
        this.maxStreamsPerSession = atLeast(1, max, "max streams per session");
        return this;
    }

    /** SSE streams open at once over all clients (default 10,000); more get 429. */
    public HttpTransportBuilder maxStreams(int max) {
        this.maxStreams = atLeast(1, max, "max streams");
        return this;
    }

    /** A session with no request and no open stream for this long ends (default 30 minutes). */
    public HttpTransportBuilder sessionIdleTimeout(Duration timeout) {
        this.sessionIdleTimeout = positive(timeout, "session idle timeout");
        return this;
    }

    /** An HTTP connection with no traffic for this long is closed (default 60 s). */
    public HttpTransportBuilder connectionIdleTimeout(Duration timeout) {
        this.connectionIdleTimeout = positive(timeout, "connection idle timeout");
        return this;
    }

    /**
     * How much of each SSE stream is kept for {@code Last-Event-ID} resumption (default 1,000
     * events and 4 MiB). A reader more than half of it behind is disconnected, and can resume.
     */
    public HttpTransportBuilder replayBuffer(int events, long bytes) {
        this.replayEvents = atLeast(2, events, "replay buffer events");
        if (bytes < 1024) {
            throw new IllegalArgumentException("replay buffer must be at least 1024 bytes, not " + bytes);
        }
        this.replayBytes = bytes;
        return this;
    }

    /** The reconnection delay sent in SSE {@code retry} fields (default 1 s). */
    public HttpTransportBuilder sseRetry(Duration retry) {
        this.sseRetry = Objects.requireNonNull(retry, "retry");
        return this;
    }

    /**
     * SSE polling (2025-11-25): close a resumable stream's connection after this long, telling the
     * client with {@code retry} when to reconnect with {@code Last-Event-ID}. Default: off (streams
     * stay open). Useful behind proxies that cut long connections.
     */
    public HttpTransportBuilder ssePollInterval(Duration interval) {
        this.ssePollInterval = positive(interval, "SSE poll interval");
        return this;
    }

    /** How long a POST waits for its answer before it becomes an SSE stream (default 5 s). */
    public HttpTransportBuilder sseAfter(Duration wait) {
        this.sseAfter = positive(wait, "SSE switch wait");
        return this;
    }

    /**
     * How long an SSE stream may go with nothing written to it before it gets a comment line
     * (default 15 s).
     */
    public HttpTransportBuilder keepAlive(Duration interval) {
        this.keepAlive = positive(interval, "keep-alive interval");
        return this;
    }

    /**
     * @throws IllegalArgumentException when the settings contradict each other, or the address is
     *     one other machines can reach and neither tokens nor {@link #allowUnauthenticatedNetwork}
     *     were given
     */
    public HttpTransport build() {
        return new HttpTransport(settings());
    }

    /**
     * Builds the endpoint alone, for mounting on another web server (which then owns the port, TLS
     * and connection limits: those settings are ignored). {@link #host} should still name the
     * address that server binds, since the Host allow-list and the rule that a network address
     * needs a token follow from it.
     *
     * @throws IllegalArgumentException as {@link #build()} does
     */
    public McpHttpEndpoint buildEndpoint(McpServer server) {
        return new McpHttpEndpoint(Objects.requireNonNull(server, "server"), settings());
    }

    private HttpSettings settings() {
        if (!HostNames.isLoopback(host) && tokens == null && !unauthenticatedNetwork) {
            throw new IllegalArgumentException("binding " + host + " would serve every resource, without a token,"
                    + " to anyone who can reach this machine; require bearer tokens, or call"
                    + " allowUnauthenticatedNetwork() to do it anyway");
        }
        Set<String> hosts = HostNames.defaultAllowed(host);
        if (allowedHosts != null) {
            hosts.addAll(allowedHosts);
        }
        Set<String> origins = allowedOrigins == null ? Set.of() : allowedOrigins;
        Guard guard = new Guard(hosts, origins, tokens == null ? Set.of() : tokens.digests(), "reservoir");
        if (keepAlive.compareTo(connectionIdleTimeout) >= 0) {
            throw new IllegalArgumentException("the keep-alive interval (" + keepAlive
                    + ") must be shorter than the connection idle timeout (" + connectionIdleTimeout
                    + "), or idle SSE streams are cut");
        }
        return new HttpSettings(
                host,
                port,
                endpoint,
                httpSsePath,
                httpSseMessagePath,
                guard,
                keystore,
                keystorePassword,
                keystoreType,
                limits(),
                sseRetry,
                ssePollInterval,
                sseAfter,
                keepAlive);
    }

    private HttpSettings.Limits limits() {
        return new HttpSettings.Limits(
                maxRequestBytes,
                maxRequestHeaderBytes,
                maxSessions,
                Math.min(maxSessionsPerClient, maxSessions),
                maxStreamsPerSession,
                Math.min(maxStreamsPerClient, maxStreams),
                maxStreams,
                maxConnections != null ? maxConnections : maxStreams + 1024,
                sessionIdleTimeout,
                halfOpenTimeout,
                headerTimeout,
                connectionIdleTimeout,
                replayEvents,
                replayBytes);
    }

    private static String path(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("a path must start with '/', not " + path);
        }
        return path;
    }

    private static int atLeast(int min, int value, String what) {
        if (value < min) {
            throw new IllegalArgumentException(what + " must be at least " + min + ", not " + value);
        }
        return value;
    }

    private static Duration positive(Duration d, String what) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, not " + d);
        }
        return d;
    }
}
