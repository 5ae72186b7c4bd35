package dev.reservoir.spring;

import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.spi.TemplateHandler;
import java.util.Objects;

/** A template and its handler: declare one as a bean and the starter's server serves it. */
public record ReservoirTemplate(ResourceTemplate template, TemplateHandler handler) {
    public ReservoirTemplate {
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(handler, "handler");
    }
}
