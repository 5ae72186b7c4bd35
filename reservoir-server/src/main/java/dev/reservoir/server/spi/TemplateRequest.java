package dev.reservoir.server.spi;

import dev.reservoir.core.uri.UriTemplateMatch;
import java.net.URI;
import java.util.Objects;

/**
 * A read of a URI that matched a registered template. Immutable.
 *
 * @param uri the URI asked for (already checked)
 * @param match the template and the percent-decoded, safety-checked variables (and their raw forms)
 * @param context the request's deadline, cancellation and client
 */
public record TemplateRequest(URI uri, UriTemplateMatch match, CallContext context) {
    public TemplateRequest {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(context, "context");
    }

    /** A request outside any client request (tests): {@link CallContext#NONE}. */
    public TemplateRequest(URI uri, UriTemplateMatch match) {
        this(uri, match, CallContext.NONE);
    }

    /** The decoded value of a variable; throws IllegalArgumentException if the template has none such. */
    public String variable(String name) {
        return match.get(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "template " + match.template() + " has no value for '" + name + "'"));
    }
}
