package dev.reservoir.server.internal;

import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.core.uri.InvalidUriException;
import dev.reservoir.core.uri.UnsafeVariableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns what a handler threw into the error the peer gets. The one place errors are mapped. */
final class ErrorMapper {

    private static final Logger log = LoggerFactory.getLogger(ErrorMapper.class);
    private static final WireFormat FALLBACK = WireFormat.of(ProtocolRevision.LATEST_STATEFUL);

    private ErrorMapper() {}

    static JsonRpcError toError(Throwable t, WireFormat wire, String method) {
        return switch (t) {
            case McpException e -> e.error(wire == null ? FALLBACK : wire);
            // Our own URI checks say precisely what is wrong with the client's input.
            case UnsafeVariableException e ->
                e.uri() == null
                        ? JsonRpcError.invalidParams("Invalid params: " + e.getMessage())
                        : McpException.invalidParams("Invalid params: " + e.getMessage(), e.uri())
                                .error(wire);
            case InvalidUriException e -> JsonRpcError.invalidParams("Invalid params: " + e.getMessage());
            default -> {
                // Anything else is our bug or a provider's: the detail goes to the log, never to the peer.
                log.error("{} failed", method, t);
                yield JsonRpcError.internalError();
            }
        };
    }
}
