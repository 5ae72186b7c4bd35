package dev.reservoir.server.transport;

/**
 * What a transport knows about a connection, for observers ({@link dev.reservoir.server.spi.RequestObserver}).
 *
 * @param transport {@code pipe} for stdio, {@code tcp} for HTTP (OpenTelemetry's network.transport), or null
 * @param sessionId the transport's session id (HTTP's {@code Mcp-Session-Id}), or null
 * @param client the client it belongs to (a bearer token's identity, or a remote address): its
 *     connections share one subscription budget; null makes the connection a client of its own
 */
public record ConnectionInfo(String transport, String sessionId, String client) {

    /** Nothing known. */
    public static final ConnectionInfo UNKNOWN = new ConnectionInfo(null, null, null);

    /** A stdio connection. */
    public static final ConnectionInfo STDIO = new ConnectionInfo("pipe", null, null);

    /** An HTTP connection with this session id (or null for none), of this client. */
    public static ConnectionInfo http(String sessionId, String client) {
        return new ConnectionInfo("tcp", sessionId, client);
    }
}
