package dev.reservoir.server.spi;

import dev.reservoir.core.uri.UriTemplateMatch;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * A read of one resource.
 *
 * @param uri the URI as the client sent it, already checked (RFC 3986, length)
 * @param match the variables of the provider's template that matched the URI (decoded and checked
 *     as the template's {@link ProviderTemplate#check()} says, raw values kept), or null when none did
 * @param options the read's limits: a provider that can cut its content cleanly (whole rows) cuts
 *     it within {@link ReadOptions#maxReadBytes()}; the server enforces the limit anyway
 * @param context the request's deadline, cancellation and client
 */
public record ReadRequest(URI uri, UriTemplateMatch match, ReadOptions options, CallContext context) {
    public ReadRequest {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(context, "context");
    }

    /** A read outside any client request (tests, tools): no template match, {@link CallContext#NONE}. */
    public static ReadRequest of(URI uri, ReadOptions options) {
        return new ReadRequest(uri, null, options, CallContext.NONE);
    }

    /** The template match, if one of the provider's templates matched the URI. */
    public Optional<UriTemplateMatch> templateMatch() {
        return Optional.ofNullable(match);
    }
}
