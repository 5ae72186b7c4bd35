package dev.reservoir.server.transport;

/**
 * What a transport knows about a connection, for observers ({@link dev.reservoir.server.RequestObserver}).
 *
 * @param transport {@code pipe} for stdio, {@code tcp} for HTTP (OpenTelemetry's network.transport), or null
 * @param sessionId the transport's session id (HTTP's {@code Mcp-Session-Id}), or null
 */
public record ConnectionInfo(String transport, String sessionId) {

    /** Nothing known. */
    public static final ConnectionInfo UNKNOWN = new ConnectionInfo(null, null);

    /** A stdio connection. */
    public static final ConnectionInfo STDIO = new ConnectionInfo("pipe", null);

    /** An HTTP connection with this session id (or null for none). */
    public static ConnectionInfo http(String sessionId) {
        return new ConnectionInfo("tcp", sessionId);
    }
}
