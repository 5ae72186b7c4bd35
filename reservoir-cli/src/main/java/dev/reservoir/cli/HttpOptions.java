package dev.reservoir.cli;

import static dev.reservoir.cli.Bindings.option;
import static dev.reservoir.cli.Bindings.strings;

import dev.reservoir.transport.http.BearerTokens;
import dev.reservoir.transport.http.HttpTransport;
import dev.reservoir.transport.http.HttpTransportBuilder;
import dev.reservoir.transport.http.host.HostNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** The HTTP options of {@code reservoir serve}, merged with the {@code http:} section of a config file. */
final class HttpOptions {

    String http;
    List<String> allowHosts = new ArrayList<>();
    List<String> allowOrigins = new ArrayList<>();
    boolean allowUnauthenticatedNetwork;
    String tokenEnv;
    Path tokenFile;
    Path keystore;
    String keystorePasswordEnv;
    Path keystorePasswordFile;
    Long maxRequestBytes;
    Duration ssePoll;
    Integer maxSessions;
    Integer maxStreams;
    Integer maxSessionsPerClient;
    Integer maxStreamsPerClient;

    /** Declares these options on serve's command (see {@link Bindings} for why not annotations). */
    void addTo(CommandSpec spec) {
        spec.addOption(option("--http", String.class, () -> http, v -> http = v)
                .paramLabel("[HOST:]PORT")
                .description(
                        "Serve Streamable HTTP (at /mcp) on this port (0 picks a free one) of HOST (default 127.0.0.1;"
                                + " 0.0.0.0 for every interface), instead of stdio (add --stdio for both).")
                .build());
        spec.addOption(strings("--allow-host", () -> allowHosts, v -> allowHosts = v)
                .paramLabel("NAME[:PORT]")
                .description("Another Host header value to answer (repeatable; others get 421), besides localhost"
                        + " names and, on a network address, this machine's addresses and name.")
                .build());
        spec.addOption(strings("--allow-origin", () -> allowOrigins, v -> allowOrigins = v)
                .paramLabel("ORIGIN")
                .description("Another browser Origin that may call the server, as scheme://host[:port|:*]"
                        + " (repeatable; others get 403). Pages of the server's own origin always may.")
                .build());
        spec.addOption(option(
                        "--allow-unauthenticated-network",
                        boolean.class,
                        () -> allowUnauthenticatedNetwork,
                        v -> allowUnauthenticatedNetwork = v)
                .description("Serve an address other machines can reach (such as 0.0.0.0) without --token-env or"
                        + " --token-file: anyone who can reach it can read everything served.")
                .build());
        spec.addOption(option("--token-env", String.class, () -> tokenEnv, v -> tokenEnv = v)
                .paramLabel("NAME")
                .description("Require the bearer token held in this environment variable.")
                .build());
        spec.addOption(option("--token-file", Path.class, () -> tokenFile, v -> tokenFile = v)
                .paramLabel("PATH")
                .description("Require a bearer token from this file (one per line; each client may have its own).")
                .build());
        spec.addOption(option("--tls-keystore", Path.class, () -> keystore, v -> keystore = v)
                .paramLabel("PATH")
                .description("Serve HTTPS with the key and certificate in this PKCS12 keystore.")
                .build());
        spec.addOption(
                option("--tls-password-env", String.class, () -> keystorePasswordEnv, v -> keystorePasswordEnv = v)
                        .paramLabel("NAME")
                        .description("The environment variable holding the keystore password.")
                        .build());
        spec.addOption(
                option("--tls-password-file", Path.class, () -> keystorePasswordFile, v -> keystorePasswordFile = v)
                        .paramLabel("PATH")
                        .description("A file holding the keystore password (first line).")
                        .build());
        spec.addOption(option("--max-request-size", Long.class, () -> maxRequestBytes, v -> maxRequestBytes = v)
                .paramLabel("SIZE")
                .description("The largest request body accepted (default 4MiB).")
                .converters(new ByteSizeConverter())
                .build());
        spec.addOption(option("--sse-poll", Duration.class, () -> ssePoll, v -> ssePoll = v)
                .paramLabel("DURATION")
                .description("Close resumable SSE connections after this long; clients reconnect with Last-Event-ID"
                        + " (2025-11-25 polling). Default: keep them open.")
                .converters(new DurationConverter())
                .build());
        spec.addOption(option("--max-sessions", Integer.class, () -> maxSessions, v -> maxSessions = v)
                .paramLabel("N")
                .description("Sessions (session era) open at once (more get 503; default 10000).")
                .build());
        spec.addOption(option("--max-streams", Integer.class, () -> maxStreams, v -> maxStreams = v)
                .paramLabel("N")
                .description("SSE streams open at once over all clients (more get 429; default 10000).")
                .build());
        spec.addOption(option(
                        "--max-sessions-per-client",
                        Integer.class,
                        () -> maxSessionsPerClient,
                        v -> maxSessionsPerClient = v)
                .paramLabel("N")
                .description("Sessions one client (a token, or without tokens an address) may have open; beyond,"
                        + " its oldest idle one ends (default 1000).")
                .build());
        spec.addOption(option(
                        "--max-streams-per-client",
                        Integer.class,
                        () -> maxStreamsPerClient,
                        v -> maxStreamsPerClient = v)
                .paramLabel("N")
                .description("SSE streams one client (a token, or without tokens an address) may have open (more"
                        + " get 429; default 1000).")
                .build());
    }

    /** The HTTP transport to serve, or null when neither the command line nor the config asks for HTTP. */
    HttpTransport build(ServeConfig.Http config, Path configFile) throws IOException {
        ServeConfig.Http file =
                config == null ? new ServeConfig.Http(null, null, null, null, null, null, null, null) : config;
        String listen = http != null ? http : file.listen();
        if (listen == null) {
            if (!allowHosts.isEmpty()
                    || !allowOrigins.isEmpty()
                    || tokenEnv != null
                    || tokenFile != null
                    || keystore != null
                    || ssePoll != null
                    || maxRequestBytes != null
                    || allowUnauthenticatedNetwork) {
                throw new IllegalArgumentException("the HTTP options need --http [HOST:]PORT");
            }
            return null;
        }
        HttpTransportBuilder b = HttpTransport.builder();
        String host = listen(b, listen);
        List<String> hosts = !allowHosts.isEmpty() ? allowHosts : file.allowHosts();
        if (hosts != null && !hosts.isEmpty()) {
            b.allowedHosts(hosts);
        }
        List<String> origins = !allowOrigins.isEmpty() ? allowOrigins : file.allowOrigins();
        if (origins != null && !origins.isEmpty()) {
            b.allowedOrigins(origins);
        }
        boolean tokens = tokens(b, file, configFile);
        exposure(b, host, listen, tokens);
        tls(b, file, configFile);
        String requestSize = maxRequestBytes != null ? null : file.maxRequestSize();
        long maxBody = maxRequestBytes != null
                ? maxRequestBytes
                : requestSize == null ? 4L << 20 : ByteSizeConverter.parse(requestSize);
        b.maxRequestBytes((int) Math.min(Integer.MAX_VALUE, maxBody));
        Duration poll = ssePoll != null
                ? ssePoll
                : file.ssePoll() == null ? null : new DurationConverter().convert(file.ssePoll());
        if (poll != null) {
            b.ssePollInterval(poll);
        }
        if (maxSessions != null) {
            b.maxSessions(maxSessions);
        }
        if (maxStreams != null) {
            b.maxStreams(maxStreams);
        }
        if (maxSessionsPerClient != null) {
            b.maxSessionsPerClient(maxSessionsPerClient);
        }
        if (maxStreamsPerClient != null) {
            b.maxStreamsPerClient(maxStreamsPerClient);
        }
        return b.build();
    }

    /**
     * Refuses an address other machines can reach without a token, unless told outright: serving
     * every file to the network must never happen by a typo in --http.
     */
    private void exposure(HttpTransportBuilder b, String host, String listen, boolean tokens) {
        if (HostNames.isLoopback(host) || tokens) {
            return;
        }
        if (!allowUnauthenticatedNetwork) {
            throw new IllegalArgumentException("--http " + listen.trim() + " without a token would let every machine"
                    + " that can reach " + reach(host) + " read everything served; require a token with --token-env"
                    + " NAME or --token-file PATH, or add --allow-unauthenticated-network to serve it anyway");
        }
        b.allowUnauthenticatedNetwork();
    }

    /** The addresses others reach a bind address at, for messages. */
    private static String reach(String host) {
        if (!HostNames.isWildcard(host)) {
            return host;
        }
        List<String> addresses = HostNames.machineAddresses().stream()
                .filter(a -> !a.isLoopbackAddress())
                .map(HostNames::literal)
                .toList();
        return addresses.isEmpty() ? "this machine" : "this machine (at " + String.join(", ", addresses) + ")";
    }

    /**
     * What {@code serve} says once HTTP is up: the endpoint (at a loopback address when bound to
     * every interface: 0.0.0.0 is no address a client can use), and on a network address, every
     * URL it is reached at and whether a token guards it.
     */
    static String banner(HttpTransport.Running running, String what) {
        StringBuilder out = new StringBuilder("reservoir serve: " + what + " over HTTP at " + running.endpoint()
                + (running.httpSseEndpoint() == null
                        ? ""
                        : " (2024-11-05 HTTP+SSE at " + running.httpSseEndpoint() + ")"));
        out.append(System.lineSeparator());
        if (running.reachableFromNetwork()) {
            List<String> urls =
                    running.endpoints().stream().map(Object::toString).toList();
            out.append("reservoir serve: reachable from the network at ")
                    .append(String.join(", ", urls.size() > 1 ? urls.subList(1, urls.size()) : urls))
                    .append(
                            running.requiresToken()
                                    ? "; every request needs a bearer token"
                                    : "; WITHOUT a token: anyone who can reach these addresses can read " + what)
                    .append(System.lineSeparator());
        }
        return out.toString();
    }

    /** Sets the address and port; returns the host (127.0.0.1 when only a port is given). */
    private static String listen(HttpTransportBuilder b, String listen) {
        String host = "127.0.0.1";
        String hostPort = listen.trim();
        int colon = hostPort.lastIndexOf(':');
        String portText = hostPort;
        if (colon >= 0 && colon > hostPort.lastIndexOf(']')) {
            host = hostPort.substring(0, colon);
            portText = hostPort.substring(colon + 1);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            if (host.isEmpty()) {
                throw new IllegalArgumentException("--http: the host before ':' is empty in '" + listen + "'");
            }
            b.host(host);
        }
        try {
            b.port(Integer.parseInt(portText));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--http: '" + listen + "' is not [HOST:]PORT (for example 8080 or 0.0.0.0:8080)");
        }
        return host;
    }

    /** Sets the bearer tokens, if any were given; true when there are. */
    private boolean tokens(HttpTransportBuilder b, ServeConfig.Http file, Path configFile) throws IOException {
        String env = tokenEnv != null || tokenFile != null ? tokenEnv : file.tokenEnv();
        Path path = tokenEnv != null || tokenFile != null
                ? tokenFile
                : file.tokenFile() == null ? null : ServeConfig.resolve(configFile, file.tokenFile());
        if (env != null && path != null) {
            throw new IllegalArgumentException("give --token-env or --token-file, not both");
        }
        if (env != null) {
            b.bearerTokens(BearerTokens.fromEnv(env));
        }
        if (path != null) {
            b.bearerTokens(BearerTokens.fromFile(path));
        }
        return env != null || path != null;
    }

    private void tls(HttpTransportBuilder b, ServeConfig.Http file, Path configFile) throws IOException {
        ServeConfig.Tls tls = file.tls();
        Path store = keystore != null
                ? keystore
                : tls == null || tls.keystore() == null ? null : ServeConfig.resolve(configFile, tls.keystore());
        String passwordEnv = keystorePasswordEnv != null ? keystorePasswordEnv : tls == null ? null : tls.passwordEnv();
        Path passwordFile = keystorePasswordFile != null
                ? keystorePasswordFile
                : tls == null || tls.passwordFile() == null
                        ? null
                        : ServeConfig.resolve(configFile, tls.passwordFile());
        if (store == null) {
            if (passwordEnv != null || passwordFile != null) {
                throw new IllegalArgumentException("a keystore password needs --tls-keystore");
            }
            return;
        }
        b.tls(store, password(passwordEnv, passwordFile));
    }

    private static char[] password(String env, Path file) throws IOException {
        if (env != null && file != null) {
            throw new IllegalArgumentException("give --tls-password-env or --tls-password-file, not both");
        }
        if (env != null) {
            String value = System.getenv(env);
            if (value == null) {
                throw new IllegalArgumentException("environment variable " + env + " is not set");
            }
            return value.toCharArray();
        }
        if (file != null) {
            List<String> lines = Files.readAllLines(file);
            return lines.isEmpty() ? new char[0] : lines.getFirst().toCharArray();
        }
        throw new IllegalArgumentException(
                "--tls-keystore needs its password: --tls-password-env NAME or --tls-password-file PATH");
    }
}
