package dev.reservoir.transport.http;

import dev.reservoir.transport.http.internal.Guard;
import dev.reservoir.transport.http.internal.HttpSettings;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Builds an {@link HttpTransport}. Defaults: 127.0.0.1, an ephemeral port, endpoint {@code /mcp},
 * the 2024-11-05 endpoints at {@code /sse} and {@code /message}, Host and Origin allow-lists of
 * localhost names when bound to loopback, no token, 4 MiB requests, 8 SSE streams per session and
 * 10,000 in all, sessions ending after 30 idle minutes. Not thread-safe.
 */
public final class HttpTransportBuilder {

    private String host = "127.0.0.1";
    private int port;
    private String endpoint = "/mcp";
    private String legacySsePath = "/sse";
    private String legacyMessagePath = "/message";
    private Set<String> allowedHosts;
    private Set<String> allowedOrigins;
    private BearerTokens tokens;
    private Path keystore;
    private char[] keystorePassword;
    private String keystoreType = "PKCS12";
    private int maxRequestBytes = 4 << 20;
    private int maxSessions = 10_000;
    private int maxStreamsPerSession = 8;
    private int maxStreams = 10_000;
    private Duration sessionIdleTimeout = Duration.ofMinutes(30);
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
    public HttpTransportBuilder legacySse(String ssePath, String messagePath) {
        this.legacySsePath = path(ssePath);
        this.legacyMessagePath = path(messagePath);
        return this;
    }

    /** Turns the 2024-11-05 HTTP+SSE endpoints off. */
    public HttpTransportBuilder noLegacySse() {
        this.legacySsePath = null;
        this.legacyMessagePath = null;
        return this;
    }

    /**
     * The {@code Host} header values to answer (others get 421), as {@code name} (any port) or
     * {@code name:port}. Default: localhost names when bound to loopback, else any host.
     */
    public HttpTransportBuilder allowedHosts(Collection<String> hosts) {
        this.allowedHosts = new LinkedHashSet<>(hosts);
        return this;
    }

    /**
     * The {@code Origin} header values to accept (others get 403): {@code scheme://host:port},
     * {@code scheme://host:*} for any port, or {@code scheme://host} for the default port.
     * Requests without an Origin (non-browser clients) always pass. Default: localhost origins
     * when bound to loopback, else none.
     */
    public HttpTransportBuilder allowedOrigins(Collection<String> origins) {
        this.allowedOrigins = new LinkedHashSet<>(origins);
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

    /** Stateful sessions (and 2024-11-05 connections) open at once (default 10,000); more get 503. */
    public HttpTransportBuilder maxSessions(int max) {
        this.maxSessions = atLeast(1, max, "max sessions");
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

    /** How often an idle SSE stream gets a comment line (default 15 s). */
    public HttpTransportBuilder keepAlive(Duration interval) {
        this.keepAlive = positive(interval, "keep-alive interval");
        return this;
    }

    public HttpTransport build() {
        boolean loopback = isLoopback(host);
        Set<String> hosts = allowedHosts;
        if (hosts == null && loopback) {
            hosts = new LinkedHashSet<>(Guard.LOOPBACK_NAMES);
        }
        Set<String> origins = allowedOrigins;
        if (origins == null) {
            origins = new LinkedHashSet<>();
            if (loopback) {
                for (String name : Guard.LOOPBACK_NAMES) {
                    origins.add("http://" + name + ":*");
                    origins.add("https://" + name + ":*");
                    origins.add("http://" + name);
                    origins.add("https://" + name);
                }
            }
        }
        Guard guard = new Guard(hosts, origins, tokens == null ? Set.of() : tokens.digests(), "reservoir");
        HttpSettings.Limits limits = new HttpSettings.Limits(
                maxRequestBytes,
                maxSessions,
                maxStreamsPerSession,
                maxStreams,
                sessionIdleTimeout,
                connectionIdleTimeout,
                replayEvents,
                replayBytes);
        if (keepAlive.compareTo(connectionIdleTimeout) >= 0) {
            throw new IllegalArgumentException("the keep-alive interval (" + keepAlive
                    + ") must be shorter than the connection idle timeout (" + connectionIdleTimeout
                    + "), or idle SSE streams are cut");
        }
        return new HttpTransport(new HttpSettings(
                host,
                port,
                endpoint,
                legacySsePath,
                legacyMessagePath,
                guard,
                keystore,
                keystorePassword,
                keystoreType,
                limits,
                sseRetry,
                ssePollInterval,
                sseAfter,
                keepAlive));
    }

    private static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost")) {
            return true;
        }
        try {
            return InetAddress.getByName(h.replace("[", "").replace("]", "")).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
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
