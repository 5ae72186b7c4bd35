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
            description = {
                "The server: an http(s):// URL (Streamable HTTP, or a 2024-11-05 /sse endpoint),",
                "or stdio: followed by the command line that starts it, e.g.",
                "'stdio:npx -y @modelcontextprotocol/server-everything'."
            })
    String server;

    @Option(names = "--json", description = "Print JSON for scripts instead of text for people.")
    boolean json;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "How long each call may take (default: ${DEFAULT-VALUE}).",
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
            names = "--server-log",
            paramLabel = "FILE",
            description =
                    "Append a stdio server's stderr to this file (default: the debug log, -Dreservoir.log=debug).")
    Path serverLog;

    /** Connects, as the options say. */
    McpClient connect() {
        McpClientBuilder builder = McpClient.builder()
                .server(server)
                .clientInfo("reservoir-cli", VersionProvider.version())
                .requestTimeout(timeout)
                .connectTimeout(timeout.compareTo(Duration.ofSeconds(20)) > 0 ? timeout : Duration.ofSeconds(20));
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
        if (serverLog != null) {
            builder.serverLog(serverLog);
        }
        return builder.connect();
    }
}
