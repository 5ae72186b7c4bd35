package dev.reservoir.server.spi;

import java.util.Objects;

/**
 * A provider's failure whose message may be shown to the client: it says what went wrong in words,
 * never with SQL text, values, credentials or paths outside what is served (those go in the cause,
 * which only the server's log sees). The server maps each {@link Kind} to its protocol error, so a
 * provider never builds a JSON-RPC error. A missing resource is
 * {@link dev.reservoir.core.ResourceNotFoundException} instead.
 */
public final class ProviderException extends RuntimeException {

    /** What kind of failure, which decides the error the client gets. */
    public enum Kind {
        /** The request cannot be answered as asked (a bad parameter): invalid params, -32602. */
        INVALID,
        /** The resource exists but the provider may not read it: -31001. */
        DENIED,
        /** The content is larger than the read limit: -31000. */
        TOO_LARGE,
        /** What the provider serves from cannot be reached now (a database down): -32603 with the message. */
        UNAVAILABLE,
        /** The provider gave up on time (a statement timeout): -32603 with the message. */
        TIMED_OUT,
        /** The work was cancelled: -32603 with the message (the client seldom sees it). */
        CANCELLED,
        /** Anything else the message explains: -32603 with the message. */
        FAILED
    }

    private final Kind kind;
    private final String uri;
    private final long size;
    private final long limit;

    private ProviderException(Kind kind, String uri, String message, long size, long limit, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.uri = uri;
        this.size = size;
        this.limit = limit;
    }

    /** A failure of the given kind; {@code uri} (or null) is the resource it concerns. */
    public static ProviderException of(Kind kind, String uri, String message, Throwable cause) {
        return new ProviderException(kind, uri, message, -1, -1, cause);
    }

    /** The request cannot be answered as asked; {@code message} says what to change. */
    public static ProviderException invalid(String uri, String message) {
        return of(Kind.INVALID, uri, message, null);
    }

    /** The provider may not read the resource. */
    public static ProviderException denied(String uri) {
        return of(Kind.DENIED, uri, "Permission denied: the server may not read " + uri, null);
    }

    /** The content is {@code size} bytes (-1 when unknown: it grew past the limit), more than {@code limit}. */
    public static ProviderException tooLarge(String uri, long size, long limit) {
        String message = size >= 0
                ? "Resource " + uri + " is " + size + " bytes, more than the read limit of " + limit + " bytes"
                : "Resource " + uri + " is more than the read limit of " + limit + " bytes";
        return new ProviderException(Kind.TOO_LARGE, uri, message, size, limit, null);
    }

    public Kind kind() {
        return kind;
    }

    /** The URI the failure concerns, or null. */
    public String uri() {
        return uri;
    }

    /** For {@link Kind#TOO_LARGE}: the content's size, or -1 when unknown. */
    public long size() {
        return size;
    }

    /** For {@link Kind#TOO_LARGE}: the read limit. */
    public long limit() {
        return limit;
    }
}
