package dev.reservoir.cli;

import dev.reservoir.client.McpClient;
import dev.reservoir.client.McpClientBuilder;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What every client command shares: the server to talk to, and how. */
final class ClientOptions {

    @Parameters(
            index = "0",
            paramLabel = "SERVER",
            description = "The server: an http(s):// URL (Streamable HTTP, or a 2024-11-05 /sse endpoint), or"
                    + " stdio: followed by the command line that starts it, quoted (see the examples).")
    String server;

    @Option(names = "--json", description = "Print JSON for scripts instead of text for people.")
    boolean json;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "How long connecting may take (starting a stdio server included), and then each call"
                    + " (default: ${DEFAULT-VALUE}).",
            defaultValue = "30s",
            converter = DurationConverter.class)
    Duration timeout;

    @Option(
            names = "--protocol",
            paramLabel = "VERSION",
            description = "Speak this protocol revision instead of detecting it (e.g. 2025-11-25, 2026-07-28).")
    String protocol;

    @Option(
            names = {"-H", "--header"},
            paramLabel = "NAME:VALUE",
            description = "An HTTP header for every request (repeatable), e.g. 'Authorization: Bearer x'.")
    List<String> headers = new ArrayList<>();

    @Option(
            names = {"-k", "--insecure"},
            description = "HTTPS: accept any certificate, self-signed or for another host (the connection is"
                    + " encrypted but the server is not authenticated).")
    boolean insecure;

    @Option(
            names = "--cacert",
            paramLabel = "FILE",
            description = "HTTPS: trust the certificates in FILE (PEM or DER), e.g. a self-signed server's own or"
                    + " a private CA's, instead of the JDK's.")
    Path caCertificates;

    @Option(
            names = "--server-log",
            paramLabel = "FILE",
            description =
                    "Append a stdio server's stderr to this file (default: the debug log, -Dreservoir.log=debug).")
    Path serverLog;

    /** Checks what can be checked without the server (a usage error, exit 2, before any connection). */
    McpClientBuilder builder() {
        McpClientBuilder builder = McpClient.builder()
                .server(server)
                .clientInfo("reservoir-cli", VersionProvider.version())
                .requestTimeout(timeout)
                .connectTimeout(timeout);
        if (protocol != null) {
            builder.revision(ProtocolRevision.parse(protocol)
                    .orElseThrow(() -> new IllegalArgumentException("unknown protocol version '" + protocol
                            + "'; use one of " + ProtocolRevision.newestFirst())));
        }
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("a header is NAME:VALUE, not '" + header + "'");
            }
            builder.header(
                    header.substring(0, colon).trim(),
                    header.substring(colon + 1).trim());
        }
        if (insecure && caCertificates != null) {
            throw new IllegalArgumentException("give -k or --cacert, not both");
        }
        if (insecure) {
            builder.sslContext(TlsTrust.insecure());
        } else if (caCertificates != null) {
            builder.sslContext(TlsTrust.trusting(caCertificates));
        }
        if (serverLog != null) {
            builder.serverLog(serverLog);
        }
        return builder;
    }

    /** Connects, as the options say. */
    McpClient connect() {
        return builder().connect();
    }
}
