package dev.reservoir.server.spi;

import dev.reservoir.core.uri.UriTemplateMatch;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * A question about one resource ({@code resources/metadata}, a title for a notification).
 *
 * @param uri the URI as the client sent it, already checked (RFC 3986, length)
 * @param match the variables of the provider's template that matched the URI (decoded and checked
 *     as the template's {@link ProviderTemplate#check()} says, raw values kept), or null when none did
 * @param context the request's deadline, cancellation and client
 */
public record ResourceRequest(URI uri, UriTemplateMatch match, CallContext context) {
    public ResourceRequest {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(context, "context");
    }

    /** A request outside any client request (tests, tools): no template match, {@link CallContext#NONE}. */
    public static ResourceRequest of(URI uri) {
        return new ResourceRequest(uri, null, CallContext.NONE);
    }

    /** The template match, if one of the provider's templates matched the URI. */
    public Optional<UriTemplateMatch> templateMatch() {
        return Optional.ofNullable(match);
    }
}
