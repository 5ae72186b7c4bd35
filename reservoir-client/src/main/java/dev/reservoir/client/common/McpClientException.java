package dev.reservoir.client.common;

/**
 * A failure on the client's side of the conversation: the server could not be reached or started,
 * the connection broke, or the server broke the protocol. Errors the server answered with are
 * {@link dev.reservoir.core.McpException} instead (and {@link dev.reservoir.core.ResourceNotFoundException}
 * for a missing resource).
 */
public class McpClientException extends RuntimeException {

    public McpClientException(String message) {
        super(message);
    }

    public McpClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
