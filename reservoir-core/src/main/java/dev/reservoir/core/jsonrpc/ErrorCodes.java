package dev.reservoir.core.jsonrpc;

/** The JSON-RPC and MCP error codes Reservoir sends or understands. */
public final class ErrorCodes {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;

    /** Resource not found, in protocol revisions up to 2025-11-25 (2026-07-28 uses -32602). */
    public static final int RESOURCE_NOT_FOUND = -32002;

    /** 2026-07-28: HTTP headers do not match the body. */
    public static final int HEADER_MISMATCH = -32020;

    /** 2026-07-28: the request needs a client capability the client did not declare. */
    public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

    /** 2026-07-28: the request's protocol version is not supported; data lists the supported ones. */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    /**
     * Reservoir: the content is larger than the server's read limit (data: uri, size, limit).
     * Outside the JSON-RPC reserved range, as MCP asks of implementation codes.
     */
    public static final int CONTENT_TOO_LARGE = -31000;

    /**
     * Reservoir: the resource exists but the server may not read it (a file or folder it has no
     * permission for; data: uri). Distinct from "not found", which names nothing there.
     */
    public static final int ACCESS_DENIED = -31001;

    /**
     * Reservoir: the client, or the server as a whole, holds as many resource subscriptions as it
     * may (data: scope "client" or "server", limit, held, requested). Over HTTP in the 2026-07-28
     * era it is answered with status 429.
     */
    public static final int SUBSCRIPTION_LIMIT = -31002;

    private ErrorCodes() {}
}
