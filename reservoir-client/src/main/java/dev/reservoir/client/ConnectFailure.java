package dev.reservoir.client;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.client.internal.ClientTransport;
import dev.reservoir.client.internal.ServerProcess;
import dev.reservoir.client.internal.StreamTransport;
import java.net.URI;
import java.util.List;

/** Why connecting failed, said for people: what went wrong, and what a stdio server left behind. */
final class ConnectFailure {

    private ConnectFailure() {}

    /**
     * The exception to throw for a failed connect (the transport is closed already).
     *
     * @param wasRunning whether a stdio server was still running when the failure happened
     */
    static RuntimeException of(
            Exception e, String origin, ServerProcess process, boolean wasRunning, ClientTransport transport) {
        if (e instanceof Handshake.HttpSseServer httpSse) {
            return httpSse;
        }
        String why = process == null ? "" : " (" + process.describeExit() + stray(transport) + ")";
        if (e instanceof McpTimeoutException && wasRunning) {
            why = ""; // it did not end by itself: its exit code (from our SIGTERM) would mislead
        }
        String what = e.getMessage();
        if (process != null
                && !process.process().isAlive()
                && what != null
                && (what.startsWith("could not send") || what.contains("closed"))) {
            what = "the server exited before it answered"; // not "Stream closed" or "Broken pipe"
        }
        if (e instanceof McpTimeoutException t) {
            // Still a timeout: callers tell "too slow" from "unreachable" by the type.
            McpTimeoutException slow = new McpTimeoutException(
                    "could not connect to " + origin + ": " + t.getMessage() + why, t.method(), t.timeout());
            slow.initCause(t);
            return slow;
        }
        if (e instanceof McpClientException m && why.isEmpty()) {
            return m;
        }
        return new McpClientException("could not connect to " + origin + ": " + what + why, e);
    }

    /** Neither Streamable HTTP nor HTTP+SSE worked: both reasons, and a hint when the URL has no path. */
    static McpClientException neitherHttpTransport(URI uri, RuntimeException streamable, RuntimeException sse) {
        String path = uri.getRawPath();
        String hint = path == null || path.isEmpty() || path.equals("/")
                ? " (MCP endpoints are usually at a path, such as " + uri.resolve("/mcp") + ")"
                : "";
        McpClientException both = new McpClientException(
                "could not connect to " + uri + ": Streamable HTTP: "
                        + streamable.getCause().getMessage() + "; HTTP+SSE: " + sse.getMessage() + hint,
                sse);
        both.addSuppressed(streamable);
        return both;
    }

    /** What a stdio server wrote on stdout that was not a message: often why it failed (a usage text). */
    private static String stray(ClientTransport transport) {
        List<String> lines = transport instanceof StreamTransport stream ? stream.strayLines() : List.of();
        return lines.isEmpty()
                ? ""
                : "; it wrote on stdout, where only MCP messages belong:\n  " + String.join("\n  ", lines);
    }
}
