package dev.reservoir.client.common;

/** How the client reaches the server. */
public enum TransportKind {
    /** A server process the client started, over its stdin and stdout. */
    STDIO,
    /** A byte-stream pair given by the application (pipes, sockets), framed as stdio is. */
    STREAMS,
    /** Streamable HTTP (one endpoint; sessions in the session era, none from 2026-07-28). */
    STREAMABLE_HTTP,
    /** The 2024-11-05 HTTP+SSE transport (a GET stream plus a POST endpoint it announces). */
    HTTP_SSE
}
