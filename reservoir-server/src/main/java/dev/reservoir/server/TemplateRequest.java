package dev.reservoir.server;

import dev.reservoir.core.uri.UriTemplateMatch;
import java.net.URI;
import java.util.Objects;

/**
 * A read of a URI that matched a registered template.
 *
 * @param uri the URI asked for (already checked)
 * @param match the template and the percent-decoded, safety-checked variables
 */
public record TemplateRequest(URI uri, UriTemplateMatch match) {
    public TemplateRequest {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(match, "match");
    }

    /** The decoded value of a variable; throws IllegalArgumentException if the template has none such. */
    public String variable(String name) {
        return match.get(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "template " + match.template() + " has no value for '" + name + "'"));
    }
}
