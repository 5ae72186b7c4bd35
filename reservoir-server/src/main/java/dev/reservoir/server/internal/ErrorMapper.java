package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.core.uri.InvalidUriException;
import dev.reservoir.core.uri.UnsafeVariableException;
import dev.reservoir.server.spi.ProviderException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns what a handler threw into the error the peer gets. The one place errors are mapped. */
final class ErrorMapper {

    private static final Logger log = LoggerFactory.getLogger(ErrorMapper.class);
    private static final WireFormat FALLBACK = WireFormat.of(ProtocolRevision.LATEST_STATEFUL);

    private ErrorMapper() {}

    static JsonRpcError toError(Throwable t, WireFormat wire, String method) {
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (t instanceof McpException e) {
            JsonRpcError error = e.error(wire == null ? FALLBACK : wire);
            if (error.code() == ErrorCodes.INTERNAL_ERROR) {
                log.error("{} failed", method, e); // its message is for the server's log, not the peer
            }
            return error;
        }
        if (t instanceof UnsafeVariableException e) {
            // Our own URI checks say precisely what is wrong with the client's input.
            return e.uri() == null
                    ? JsonRpcError.invalidParams("Invalid params: " + e.getMessage())
                    : McpException.invalidParams("Invalid params: " + e.getMessage(), e.uri())
                            .error(wire);
        }
        if (t instanceof InvalidUriException e) {
            return JsonRpcError.invalidParams("Invalid params: " + e.getMessage());
        }
        if (t instanceof ProviderException e) {
            return provider(e, wire == null ? FALLBACK : wire, method);
        }
        // Anything else is our bug or a provider's: the detail goes to the log, never to the peer.
        log.error("{} failed", method, t);
        return JsonRpcError.internalError();
    }

    /** A provider's own failure: its kind decides the code, its message is meant for the peer. */
    private static JsonRpcError provider(ProviderException e, WireFormat wire, String method) {
        if (e.getCause() != null) {
            log.debug("{} failed in a provider: {}", method, e.getMessage(), e.getCause());
        }
        return switch (e.kind()) {
            case INVALID ->
                e.uri() == null
                        ? JsonRpcError.invalidParams("Invalid params: " + e.getMessage())
                        : McpException.invalidParams("Invalid params: " + e.getMessage(), e.uri())
                                .error(wire);
            case DENIED -> McpException.accessDenied(e.uri()).error(wire);
            case TOO_LARGE -> tooLarge(e);
            case UNAVAILABLE, TIMED_OUT, CANCELLED, FAILED -> Errors.providerFailed(e.getMessage(), e.uri());
        };
    }

    private static JsonRpcError tooLarge(ProviderException e) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("uri", e.uri());
        if (e.size() >= 0) {
            data.put("size", e.size());
        }
        data.put("limit", e.limit());
        return Errors.contentTooLarge(e.getMessage(), data);
    }
}
