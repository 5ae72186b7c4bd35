package dev.reservoir.cli;

import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.transport.http.BearerTokens;
import dev.reservoir.transport.http.HttpTransport;
import dev.reservoir.transport.http.HttpTransportBuilder;
import dev.reservoir.transport.stdio.StdioTransport;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code reservoir serve}: runs an MCP server over stdio, or over HTTP with {@code --http}. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Run an MCP server over stdio (one client, the process that started this one),",
            "or over HTTP with --http (Streamable HTTP at /mcp for every protocol revision, and the",
            "2024-11-05 HTTP+SSE transport at /sse). HTTP binds 127.0.0.1 unless told otherwise and then",
            "answers only to localhost Host and Origin headers."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the client closed stdin (stdio), or the server was stopped",
            "1:the server failed",
            "2:bad options",
            "3:could not listen on the HTTP address (in use, or not allowed)"
        })
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--demo",
            description = "Serve the fixed demo set (conformance resources, a collection, 1,000 items, a 10 MiB blob).")
    boolean demo;

    @Option(
            names = "--demo-change-every",
            description = "How often the demo's test://watched-resource changes (default: ${DEFAULT-VALUE}).",
            defaultValue = "PT3S",
            converter = DurationConverter.class)
    Duration changeEvery;

    @Option(
            names = "--name",
            description = "Server name reported to clients (default: ${DEFAULT-VALUE}).",
            defaultValue = "reservoir")
    String name;

    @Option(
            names = "--http",
            paramLabel = "[HOST:]PORT",
            description = "Serve HTTP instead of stdio, on this port (0 picks a free one) of HOST (default 127.0.0.1;"
                    + " 0.0.0.0 for every interface).")
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
            paramLabel = "BYTES",
            description = "The largest request body accepted (default: ${DEFAULT-VALUE}).",
            defaultValue = "4194304")
    int maxRequestBytes;

    @Option(
            names = "--sse-poll",
            paramLabel = "DURATION",
            description = "Close resumable SSE connections after this long; clients reconnect with Last-Event-ID"
                    + " (2025-11-25 polling). Default: keep them open.",
            converter = DurationConverter.class)
    Duration ssePoll;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (!demo) {
            err.println("reservoir serve: say what to serve; try --demo");
            return 2;
        }
        HttpTransport transport = null;
        if (http != null) {
            try {
                transport = httpTransport();
            } catch (IllegalArgumentException | IOException e) {
                err.println("reservoir serve: " + e.getMessage());
                return 2;
            }
        } else if (!allowHosts.isEmpty()
                || !allowOrigins.isEmpty()
                || tokenEnv != null
                || tokenFile != null
                || keystore != null
                || ssePoll != null) {
            err.println("reservoir serve: the HTTP options need --http [HOST:]PORT");
            return 2;
        }
        McpServerBuilder builder = McpServer.builder().serverInfo(name + "-demo", VersionProvider.version());
        try (DemoServer demoSet = new DemoServer(changeEvery, Clock.systemUTC())) {
            demoSet.configure(builder);
            try (McpServer server = builder.build()) {
                if (transport == null) {
                    server.serve(StdioTransport.ofSystemStreams());
                    return 0;
                }
                return serveHttp(transport, server, err);
            }
        }
    }

    private int serveHttp(HttpTransport transport, McpServer server, PrintWriter err) throws InterruptedException {
        HttpTransport.Running running;
        try {
            running = transport.start(server);
        } catch (BindException e) {
            err.println("reservoir serve: " + e.getMessage());
            err.flush();
            return 3;
        } catch (IOException e) {
            err.println("reservoir serve: could not start the HTTP server: " + e.getMessage());
            err.flush();
            return 1;
        }
        Thread stopper = new Thread(running::close, "reservoir-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        err.println("reservoir serve: MCP over HTTP at " + running.endpoint()
                + (running.legacySseEndpoint() == null
                        ? ""
                        : " (2024-11-05 HTTP+SSE at " + running.legacySseEndpoint() + ")"));
        err.flush();
        running.join();
        return 0;
    }

    private HttpTransport httpTransport() throws IOException {
        HttpTransportBuilder b = HttpTransport.builder();
        String hostPort = http.trim();
        int colon = hostPort.lastIndexOf(':');
        String portText = hostPort;
        if (colon >= 0 && colon > hostPort.lastIndexOf(']')) {
            String host = hostPort.substring(0, colon);
            portText = hostPort.substring(colon + 1);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            if (host.isEmpty()) {
                throw new IllegalArgumentException("--http: the host before ':' is empty in '" + http + "'");
            }
            b.host(host);
        }
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--http: '" + http + "' is not [HOST:]PORT (for example 8080 or 0.0.0.0:8080)");
        }
        b.port(port);
        if (!allowHosts.isEmpty()) {
            b.allowedHosts(allowHosts);
        }
        if (!allowOrigins.isEmpty()) {
            b.allowedOrigins(allowOrigins);
        }
        if (tokenEnv != null && tokenFile != null) {
            throw new IllegalArgumentException("give --token-env or --token-file, not both");
        }
        if (tokenEnv != null) {
            b.bearerTokens(BearerTokens.fromEnv(tokenEnv));
        }
        if (tokenFile != null) {
            b.bearerTokens(BearerTokens.fromFile(tokenFile));
        }
        if (keystore != null) {
            b.tls(keystore, keystorePassword());
        } else if (keystorePasswordEnv != null || keystorePasswordFile != null) {
            throw new IllegalArgumentException("a keystore password needs --tls-keystore");
        }
        b.maxRequestBytes(maxRequestBytes);
        if (ssePoll != null) {
            b.ssePollInterval(ssePoll);
        }
        return b.build();
    }

    private char[] keystorePassword() throws IOException {
        if (keystorePasswordEnv != null && keystorePasswordFile != null) {
            throw new IllegalArgumentException("give --tls-password-env or --tls-password-file, not both");
        }
        if (keystorePasswordEnv != null) {
            String value = System.getenv(keystorePasswordEnv);
            if (value == null) {
                throw new IllegalArgumentException("environment variable " + keystorePasswordEnv + " is not set");
            }
            return value.toCharArray();
        }
        if (keystorePasswordFile != null) {
            List<String> lines = Files.readAllLines(keystorePasswordFile);
            return lines.isEmpty() ? new char[0] : lines.getFirst().toCharArray();
        }
        throw new IllegalArgumentException(
                "--tls-keystore needs its password: --tls-password-env NAME or --tls-password-file PATH");
    }
}
