package dev.reservoir.server.spi;

import java.util.Map;
import java.util.Objects;

/**
 * A request to complete one argument of a resource template.
 *
 * @param template the template text (as listed by resources/templates/list)
 * @param argument the variable being completed
 * @param value what the user typed so far
 * @param context values of other variables already chosen
 * @param call the request's deadline, cancellation and client
 */
public record CompletionRequest(
        String template, String argument, String value, Map<String, String> context, CallContext call) {
    public CompletionRequest {
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(argument, "argument");
        Objects.requireNonNull(value, "value");
        context = context == null ? Map.of() : Map.copyOf(context);
        Objects.requireNonNull(call, "call");
    }

    /** A request outside any client request (tests, tools): {@link CallContext#NONE}. */
    public CompletionRequest(String template, String argument, String value, Map<String, String> context) {
        this(template, argument, value, context, CallContext.NONE);
    }
}
