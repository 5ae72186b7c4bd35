package dev.reservoir.core;

import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.util.Objects;

/**
 * The resource does not exist. On the wire it is -32002 (up to 2025-11-25) or -32602 (2026-07-28,
 * and SEP-2093), with {@code data.uri}; a client sees this one type whichever code the server used.
 */
public final class ResourceNotFoundException extends McpException {

    private final String uri;

    public ResourceNotFoundException(String uri) {
        super(
                "Resource not found: " + Objects.requireNonNull(uri, "uri"),
                WireFormat.of(ProtocolRevision.LATEST_STATEFUL).resourceNotFound(uri));
        this.uri = uri;
    }

    /** The URI that was asked for. */
    public String uri() {
        return uri;
    }

    @Override
    protected JsonRpcError errorIn(WireFormat wire) {
        return wire.resourceNotFound(uri);
    }
}
