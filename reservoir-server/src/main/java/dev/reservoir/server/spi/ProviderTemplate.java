package dev.reservoir.server.spi;

import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.uri.ValueCheck;
import java.util.Objects;

/**
 * A template a provider serves: listed by {@code resources/templates/list}, and the server routes
 * the URIs it matches to the provider with the match ({@link ReadRequest#match()}). Immutable.
 *
 * @param template the template as clients see it; its literal start must lie in the provider's
 *     {@link UriSpace}
 * @param check how the matched values are decoded and vetted before the provider sees them:
 *     {@link ValueCheck#PATH} (the default) for values that become paths, {@link ValueCheck#NONE}
 *     for names and values that never do (a table named {@code a/b}, a date {@code 2024/01/01}),
 *     {@link ValueCheck#PATH_BYTES} for paths that are bytes rather than UTF-8 (git)
 */
public record ProviderTemplate(ResourceTemplate template, ValueCheck check) {
    public ProviderTemplate {
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(check, "check");
    }

    /** A template whose values become paths ({@link ValueCheck#PATH}). */
    public static ProviderTemplate of(ResourceTemplate template) {
        return new ProviderTemplate(template, ValueCheck.PATH);
    }

    /** A template whose values are names or values, never paths ({@link ValueCheck#NONE}). */
    public static ProviderTemplate ofNames(ResourceTemplate template) {
        return new ProviderTemplate(template, ValueCheck.NONE);
    }
}
