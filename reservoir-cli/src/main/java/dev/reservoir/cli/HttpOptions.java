package dev.reservoir.cli;

import dev.reservoir.transport.http.BearerTokens;
import dev.reservoir.transport.http.HttpTransport;
import dev.reservoir.transport.http.HttpTransportBuilder;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The HTTP options of {@code reservoir serve}, merged with the {@code http:} section of a config file. */
final class HttpOptions {

    /** The names a local client uses; the transport answers them by default when bound to loopback. */
    private static final List<String> LOCALHOST = List.of("localhost", "127.0.0.1", "[::1]");

    @Option(
            names = "--http",
            paramLabel = "[HOST:]PORT",
            description =
                    "Serve Streamable HTTP (at /mcp) on this port (0 picks a free one) of HOST (default 127.0.0.1;"
                            + " 0.0.0.0 for every interface), instead of stdio (add --stdio for both).")
    String http;

    @Option(
            names = "--allow-host",
            paramLabel = "NAME[:PORT]",
            description = "A Host header value to answer (repeatable; others get 421). Default: localhost names"
                    + " when bound to loopback, else any.")
    List<String> allowHosts = new ArrayList<>();

    @Option(
            names = "--allow-origin",
            paramLabel = "ORIGIN",
            description = "An Origin to accept, as scheme://host[:port|:*] (repeatable; others get 403). Default:"
                    + " localhost origins when bound to loopback, else none.")
    List<String> allowOrigins = new ArrayList<>();

    @Option(
            names = "--token-env",
            paramLabel = "NAME",
            description = "Require the bearer token held in this environment variable.")
    String tokenEnv;

    @Option(
            names = "--token-file",
            paramLabel = "PATH",
            description = "Require a bearer token from this file (one per line; each client may have its own).")
    Path tokenFile;

    @Option(
            names = "--tls-keystore",
            paramLabel = "PATH",
            description = "Serve HTTPS with the key and certificate in this PKCS12 keystore.")
    Path keystore;

    @Option(
            names = "--tls-password-env",
            paramLabel = "NAME",
            description = "The environment variable holding the keystore password.")
    String keystorePasswordEnv;

    @Option(
            names = "--tls-password-file",
            paramLabel = "PATH",
            description = "A file holding the keystore password (first line).")
    Path keystorePasswordFile;

    @Option(
            names = "--max-request-size",
            paramLabel = "SIZE",
            description = "The largest request body accepted (default 4MiB).",
            converter = ByteSizeConverter.class)
    Long maxRequestBytes;

    @Option(
            names = "--sse-poll",
            paramLabel = "DURATION",
            description = "Close resumable SSE connections after this long; clients reconnect with Last-Event-ID"
                    + " (2025-11-25 polling). Default: keep them open.",
            converter = DurationConverter.class)
    Duration ssePoll;

    @Option(
            names = "--max-sessions",
            paramLabel = "N",
            description = "Stateful-era sessions open at once (more get 503; default 10000).")
    Integer maxSessions;

    @Option(
            names = "--max-streams",
            paramLabel = "N",
            description = "SSE streams open at once over all clients (more get 429; default 10000).")
    Integer maxStreams;

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
                    || maxRequestBytes != null) {
                throw new IllegalArgumentException("the HTTP options need --http [HOST:]PORT");
            }
            return null;
        }
        HttpTransportBuilder b = HttpTransport.builder();
        listen(b, listen);
        List<String> hosts = allowedHosts(file);
        if (!hosts.isEmpty()) {
            b.allowedHosts(hosts);
        }
        List<String> origins = !allowOrigins.isEmpty() ? allowOrigins : file.allowOrigins();
        if (origins != null && !origins.isEmpty()) {
            b.allowedOrigins(origins);
        }
        tokens(b, file, configFile);
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
        return b.build();
    }

    /**
     * The Host names to answer: --allow-host (else the config's) plus the localhost names, which
     * they add to rather than replace (the operator can still reach the server locally). Empty
     * when none is given: the transport's default then applies.
     */
    private List<String> allowedHosts(ServeConfig.Http file) {
        List<String> given = !allowHosts.isEmpty() ? allowHosts : file.allowHosts();
        if (given == null || given.isEmpty()) {
            return List.of();
        }
        List<String> hosts = new ArrayList<>(LOCALHOST);
        given.stream().filter(h -> !hosts.contains(h)).forEach(hosts::add);
        return hosts;
    }

    /**
     * URLs people can use for the endpoint: as it is, or, bound to every interface (0.0.0.0, ::),
     * with localhost and each allowed host name (or this machine's name when any host is answered)
     * in place of the address, which no client can connect to.
     */
    List<String> reachableAt(URI endpoint, ServeConfig.Http config) {
        String host = endpoint.getHost();
        if (!host.equals("0.0.0.0") && !host.equals("[::]") && !host.equals("[0:0:0:0:0:0:0:0]")) {
            return List.of(endpoint.toString());
        }
        ServeConfig.Http file =
                config == null ? new ServeConfig.Http(null, null, null, null, null, null, null, null) : config;
        List<String> names = new ArrayList<>(List.of("127.0.0.1"));
        List<String> given = !allowHosts.isEmpty() ? allowHosts : file.allowHosts();
        if (given != null && !given.isEmpty()) {
            given.stream()
                    .map(h -> h.replaceFirst(":\\d+$", ""))
                    .filter(h -> !LOCALHOST.contains(h))
                    .forEach(names::add);
        } else {
            try {
                names.add(java.net.InetAddress.getLocalHost().getHostName());
            } catch (java.net.UnknownHostException e) {
                // localhost only, then
            }
        }
        return names.stream()
                .distinct()
                .map(name -> endpoint.getScheme() + "://" + name + ":" + endpoint.getPort() + endpoint.getPath())
                .toList();
    }

    private static void listen(HttpTransportBuilder b, String listen) {
        String hostPort = listen.trim();
        int colon = hostPort.lastIndexOf(':');
        String portText = hostPort;
        if (colon >= 0 && colon > hostPort.lastIndexOf(']')) {
            String host = hostPort.substring(0, colon);
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
    }

    private void tokens(HttpTransportBuilder b, ServeConfig.Http file, Path configFile) throws IOException {
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
