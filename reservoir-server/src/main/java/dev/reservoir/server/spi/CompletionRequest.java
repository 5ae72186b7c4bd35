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
 */
public record CompletionRequest(String template, String argument, String value, Map<String, String> context) {
    public CompletionRequest {
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(argument, "argument");
        Objects.requireNonNull(value, "value");
        context = context == null ? Map.of() : Map.copyOf(context);
    }
}
