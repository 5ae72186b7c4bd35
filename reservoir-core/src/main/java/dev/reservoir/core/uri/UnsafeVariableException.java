package dev.reservoir.core.uri;

import java.util.Objects;

/**
 * Thrown by {@link UriTemplate#match} when a URI fits a template but a variable's decoded value is unsafe to
 * hand to a provider (a NUL, a {@code ..} segment, an encoded separator, or invalid UTF-8).
 */
public final class UnsafeVariableException extends IllegalArgumentException {

    private final String variable;

    /** Creates an exception about {@code variable}; the message should say why the value was refused. */
    public UnsafeVariableException(String variable, String message) {
        super(message);
        this.variable = Objects.requireNonNull(variable, "variable");
    }

    /** The name of the refused variable, as written in the template. */
    public String variable() {
        return variable;
    }
}
