package dev.reservoir.server.internal;

import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.spi.ArgumentCompleter;
import dev.reservoir.server.spi.TemplateHandler;
import java.util.Objects;

/** A template added on the builder, with its handler and optional completer. */
public record TemplateRegistration(
        ResourceTemplate template, TemplateHandler handler, ArgumentCompleter completer, boolean allowUnsafeValues) {
    public TemplateRegistration {
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(handler, "handler");
    }
}
