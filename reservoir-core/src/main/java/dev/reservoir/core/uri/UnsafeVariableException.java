package dev.reservoir.core.uri;

import java.util.Objects;

/**
 * Thrown by {@link UriTemplate#match} when a URI fits a template but a variable's decoded value is unsafe to
 * hand to a provider (a {@code .} or {@code ..} segment, a control character, a bidirectional override, an
 * encoded separator, or invalid UTF-8).
 */
public final class UnsafeVariableException extends IllegalArgumentException {

    private final String variable;
    private final String uri;

    /** Creates an exception about {@code variable}; the message should say why the value was refused. */
    public UnsafeVariableException(String variable, String message) {
        this(variable, null, message);
    }

    /** Creates an exception about {@code variable} of the refused {@code uri} (null when not known). */
    public UnsafeVariableException(String variable, String uri, String message) {
        super(message);
        this.variable = Objects.requireNonNull(variable, "variable");
        this.uri = uri;
    }

    /** The refused URI as the client sent it, or null when not known. */
    public String uri() {
        return uri;
    }

    /** The name of the refused variable, as written in the template. */
    public String variable() {
        return variable;
    }
}
