package dev.reservoir.client;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.common.TransportKind;
import dev.reservoir.client.internal.ClientTransport;
import dev.reservoir.client.internal.Rpc;
import dev.reservoir.client.internal.ServerProcess;
import dev.reservoir.client.internal.StreamTransport;
import dev.reservoir.client.internal.http.HttpSseTransport;
import dev.reservoir.client.internal.http.StreamableHttpTransport;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.net.ssl.SSLContext;

/**
 * Configures and opens a {@link McpClient}. Name the server once ({@link #stdio}, {@link #http},
 * {@link #streams} or {@link #server(String)}), adjust what you need, then {@link #connect()}.
 * Not thread-safe; one builder may connect several times.
 */
public final class McpClientBuilder {

    /** Blobs larger than this are decoded to a temporary file instead of memory: 4 MiB. */
    public static final long DEFAULT_SPILL_THRESHOLD = 4L << 20;

    private sealed interface Target {}

    private record Stdio(List<String> command) implements Target {}

    private record Http(URI uri) implements Target {}

    private record Streams(InputStream in, OutputStream out) implements Target {}

    private Target target;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private Path directory;
    private Path serverLog;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private HttpClient httpClient;
    private SSLContext sslContext;
    private Implementation clientInfo = Implementation.of("reservoir-client", version());
    private ProtocolRevision revision;
    private boolean sep2093 = true;
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Duration connectTimeout = Duration.ofSeconds(20);
    private Duration probeTimeout = Duration.ofSeconds(5);
    private Duration shutdownGrace = Duration.ofSeconds(2);
    private ResourceCache cache = null;
    private boolean cacheOff;
    private long spillThreshold = DEFAULT_SPILL_THRESHOLD;

    McpClientBuilder() {}

    /** A server process to start, speaking stdio: the command and its arguments. */
    public McpClientBuilder stdio(String... command) {
        return stdio(List.of(command));
    }

    /** A server process to start, speaking stdio. */
    public McpClientBuilder stdio(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("a stdio server needs a command to run");
        }
        this.target = new Stdio(List.copyOf(command));
        return this;
    }

    /** Environment variables for the server process (added to this process's). */
    public McpClientBuilder environment(Map<String, String> variables) {
        environment.putAll(variables);
        return this;
    }

    /** The server process's working directory. */
    public McpClientBuilder directory(Path dir) {
        this.directory = dir;
        return this;
    }

    /**
     * Appends the server process's stderr to this file. Without it, stderr goes line by line to the
     * {@code dev.reservoir.client.server} logger at debug level. Never mixed with the protocol.
     */
    public McpClientBuilder serverLog(Path file) {
        this.serverLog = file;
        return this;
    }

    /** A server over HTTP: a Streamable HTTP endpoint (either era), or a 2024-11-05 SSE endpoint. */
    public McpClientBuilder http(URI endpoint) {
        String scheme = endpoint.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("an HTTP server needs an http:// or https:// URL, not " + endpoint);
        }
        if (endpoint.getHost() == null) {
            throw new IllegalArgumentException("'" + endpoint + "' names no host, as in http://127.0.0.1:8080/mcp");
        }
        this.target = new Http(endpoint);
        return this;
    }

    public McpClientBuilder http(String endpoint) {
        return http(uri(endpoint));
    }

    private static URI uri(String endpoint) {
        try {
            return new URI(endpoint);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("'" + endpoint + "' is not a URL: " + e.getReason());
        }
    }

    /** A server on a byte-stream pair framed as stdio (pipes, sockets, an in-process server). */
    public McpClientBuilder streams(InputStream fromServer, OutputStream toServer) {
        this.target = new Streams(Objects.requireNonNull(fromServer), Objects.requireNonNull(toServer));
        return this;
    }

    /**
     * The server as the command line names it: an {@code http://} or {@code https://} URL, or
     * {@code stdio:} followed by a command line (words split at spaces; quotes group, backslash escapes).
     */
    public McpClientBuilder server(String spec) {
        if (spec.startsWith("http://") || spec.startsWith("https://")) {
            return http(uri(spec));
        }
        if (spec.startsWith("stdio:")) {
            List<String> words = CommandLines.split(spec.substring("stdio:".length()));
            if (words.isEmpty()) {
                throw new IllegalArgumentException("'stdio:' needs a command line after it, as in stdio:npx my-server");
            }
            return stdio(words);
        }
        throw new IllegalArgumentException(
                "a server is an http(s):// URL or stdio: followed by a command line, not '" + spec + "'");
    }

    /** A header on every HTTP request. */
    public McpClientBuilder header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    /** {@code Authorization: Bearer <token>} on every HTTP request. */
    public McpClientBuilder bearerToken(String token) {
        return header("Authorization", "Bearer " + token);
    }

    /** The HTTP client to use (default: HTTP/1.1, the connect timeout). */
    public McpClientBuilder httpClient(HttpClient client) {
        this.httpClient = client;
        return this;
    }

    /**
     * The TLS context for {@code https://} servers: its trust managers decide which certificates
     * are accepted (default: the JDK's trust store). Ignored when {@link #httpClient} is given.
     */
    public McpClientBuilder sslContext(SSLContext context) {
        this.sslContext = Objects.requireNonNull(context, "context");
        return this;
    }

    /** This client's name and version, as servers see them. */
    public McpClientBuilder clientInfo(String name, String version) {
        this.clientInfo = Implementation.of(name, version);
        return this;
    }

    /**
     * Speak this revision without probing for the era: a handshake revision is requested with
     * {@code initialize}, 2026-07-28 is used statelessly. Default: detect.
     */
    public McpClientBuilder revision(ProtocolRevision value) {
        this.revision = value;
        return this;
    }

    /** Whether to opt into SEP-2093 (metadata, collections) with servers that offer it; default true. */
    public McpClientBuilder sep2093(boolean optIn) {
        this.sep2093 = optIn;
        return this;
    }

    /** The deadline of each call (default 30 s); {@link McpClient#withTimeout} changes it per view. */
    public McpClientBuilder requestTimeout(Duration timeout) {
        this.requestTimeout = positive(timeout);
        return this;
    }

    /**
     * How long connecting may take, all of it: the server to start, the era probe, the handshake and
     * its retries (default 20 s). Missing it is a {@link McpTimeoutException}.
     */
    public McpClientBuilder connectTimeout(Duration timeout) {
        this.connectTimeout = positive(timeout);
        return this;
    }

    /**
     * How long {@code server/discover} may go unanswered on stdio before the client pings the server
     * to learn whether it is still starting (then it keeps waiting) or up and ignoring the probe (a
     * session-era server: then it sends {@code initialize}); default 5 s.
     */
    public McpClientBuilder probeTimeout(Duration timeout) {
        this.probeTimeout = positive(timeout);
        return this;
    }

    /** How long a stdio server may take to exit once its stdin is closed, before SIGTERM (default 2 s). */
    public McpClientBuilder shutdownGrace(Duration grace) {
        this.shutdownGrace = grace;
        return this;
    }

    /** The cache to use, shared with other clients if you like (default: one of 32 MiB per client). */
    public McpClientBuilder cache(ResourceCache shared) {
        this.cache = Objects.requireNonNull(shared, "cache");
        this.cacheOff = false;
        return this;
    }

    /** No cache: every read and list goes to the server. */
    public McpClientBuilder noCache() {
        this.cache = null;
        this.cacheOff = true;
        return this;
    }

    /** Blobs larger than this go to a temporary file rather than memory (default 4 MiB). */
    public McpClientBuilder spillThreshold(long bytes) {
        this.spillThreshold = bytes;
        return this;
    }

    /**
     * Connects: starts the server process (stdio), finds the server's era and transport, and
     * returns once the handshake (or the stateless probe) is done.
     *
     * @throws McpClientException when the server cannot be started or reached, or speaks no common revision
     */
    public McpClient connect() {
        if (target == null) {
            throw new IllegalStateException(
                    "name the server first: stdio(...), http(...), streams(...) or server(...)");
        }
        ResourceCache useCache = cacheOff ? null : cache != null ? cache : ResourceCache.create();
        return switch (target) {
            case Stdio(List<String> command) -> {
                ServerProcess process = ServerProcess.start(command, environment, directory, serverLog, shutdownGrace);
                StreamTransport transport = new StreamTransport(
                        process.process().getInputStream(),
                        process.process().getOutputStream(),
                        TransportKind.STDIO,
                        process::stop);
                Map<String, String> context = new TreeMap<>(environment);
                context.put("\u0000command", String.join("\u0000", command));
                yield open(
                        transport, revision, "stdio:" + String.join(" ", command), digest(context), process, useCache);
            }
            case Streams(InputStream in, OutputStream out) -> {
                StreamTransport transport = new StreamTransport(in, out, TransportKind.STREAMS, null);
                String origin = "streams:" + System.identityHashCode(in);
                yield open(transport, revision, origin, origin, null, useCache);
            }
            case Http(URI uri) -> connectHttp(uri, useCache);
        };
    }

    /**
     * What each HTTP origin turned out to speak, so later connections skip the era probe (the
     * versioning page: the era is a property of the origin). Re-probed when the remembered way fails.
     */
    private record Era(ProtocolRevision revision, boolean httpSse) {}

    private static final Map<String, Era> ERAS = new java.util.concurrent.ConcurrentHashMap<>();

    private McpClient connectHttp(URI uri, ResourceCache useCache) {
        HttpClient client = httpClient != null ? httpClient : newHttpClient();
        String context = digest(new TreeMap<>(headers));
        Era known = revision == null ? ERAS.get(uri.toString()) : null;
        if (known != null) {
            try {
                return known.httpSse()
                        ? open(
                                new HttpSseTransport(client, uri, headers, connectTimeout),
                                known.revision(),
                                uri.toString(),
                                context,
                                null,
                                useCache)
                        : open(
                                new StreamableHttpTransport(client, uri, headers),
                                known.revision(),
                                uri.toString(),
                                context,
                                null,
                                useCache);
            } catch (RuntimeException e) {
                ERAS.remove(uri.toString(), known); // the server changed: probe again
            }
        }
        McpClient connected;
        try {
            connected = open(
                    new StreamableHttpTransport(client, uri, headers),
                    revision,
                    uri.toString(),
                    context,
                    null,
                    useCache);
        } catch (Handshake.HttpSseServer streamable) {
            ProtocolRevision sessionEra =
                    revision != null && !revision.isStateless() ? revision : ProtocolRevision.LATEST_STATEFUL;
            try {
                connected = open(
                        new HttpSseTransport(client, uri, headers, connectTimeout),
                        sessionEra,
                        uri.toString(),
                        context,
                        null,
                        useCache);
            } catch (RuntimeException sse) {
                throw ConnectFailure.neitherHttpTransport(uri, streamable, sse);
            }
        }
        if (revision == null) {
            ServerDescription server = connected.server();
            ERAS.put(uri.toString(), new Era(server.revision(), server.transport() == TransportKind.HTTP_SSE));
        }
        return connected;
    }

    private HttpClient newHttpClient() {
        HttpClient.Builder b = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NORMAL);
        if (sslContext != null) {
            b.sslContext(sslContext);
        }
        return b.build();
    }

    private McpClient open(
            ClientTransport transport,
            ProtocolRevision pinned,
            String origin,
            String authContext,
            ServerProcess process,
            ResourceCache useCache) {
        Rpc rpc = new Rpc(transport);
        try {
            transport.start(rpc);
            Handshake.Outcome outcome =
                    new Handshake(rpc, clientInfo, sep2093, connectTimeout).run(pinned, probeTimeout);
            Connection connection = new Connection(
                    rpc,
                    outcome.protocol(),
                    outcome.description(),
                    useCache,
                    origin,
                    authContext,
                    spillThreshold,
                    requestTimeout,
                    process);
            if (transport instanceof StreamableHttpTransport http
                    && !outcome.protocol().revision().isStateless()) {
                Handshake again = new Handshake(rpc, clientInfo, sep2093, connectTimeout);
                http.onSessionLost(() -> connection.renewSession(again));
            }
            return new ClientImpl(connection, requestTimeout);
        } catch (IOException | RuntimeException e) {
            boolean wasRunning = process != null && process.process().isAlive();
            transport.close();
            throw ConnectFailure.of(e, origin, process, wasRunning, transport);
        }
    }

    private static Duration positive(Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("a timeout must be positive, not " + d);
        }
        return d;
    }

    private static String digest(Map<String, String> values) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            values.forEach((k, v) -> {
                sha.update(k.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(v.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            });
            return HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    private static String version() {
        String v = McpClientBuilder.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0" : v;
    }
}
