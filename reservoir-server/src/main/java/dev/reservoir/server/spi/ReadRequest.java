package dev.reservoir.server.spi;

import dev.reservoir.core.uri.UriTemplateMatch;
import dev.reservoir.core.uri.UriValidator;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * A read of one resource: the URI as the client sent it, already checked (RFC 3986, length); the
 * variables of the provider's template that matched it; the read's limits; and the request's
 * context. Immutable and thread-safe.
 *
 * <p>Most providers only want the URI's text ({@link #uriText()}), to look it up. The server then
 * never parses it into a {@link URI}: for a small read over stdio, that parse was about 7% of the
 * server's CPU (reservoir-bench/PROFILE.md). {@link #uri()} parses it on first use; a URI the
 * server gives a provider always parses. (This was a record: its accessors, constructor and
 * {@code of(URI, ReadOptions)} are unchanged; equality now compares the URIs' texts.)
 */
public final class ReadRequest {

    private final String uriText;
    /** Parsed on first use of {@link #uri()}; volatile because {@link URI}'s own fields are not final. */
    private volatile URI uri;

    private final UriTemplateMatch match;
    private final ReadOptions options;
    private final CallContext context;

    /**
     * @param uri the URI as the client sent it, already checked (RFC 3986, length)
     * @param match the variables of the provider's template that matched the URI (decoded and checked
     *     as the template's {@link ProviderTemplate#check()} says, raw values kept), or null when none did
     * @param options the read's limits: a provider that can cut its content cleanly (whole rows) cuts
     *     it within {@link ReadOptions#maxReadBytes()}; the server enforces the limit anyway
     * @param context the request's deadline, cancellation and client
     */
    public ReadRequest(URI uri, UriTemplateMatch match, ReadOptions options, CallContext context) {
        this(Objects.requireNonNull(uri, "uri").toString(), uri, match, options, context);
    }

    private ReadRequest(String uriText, URI uri, UriTemplateMatch match, ReadOptions options, CallContext context) {
        this.uriText = uriText;
        this.uri = uri;
        this.match = match;
        this.options = Objects.requireNonNull(options, "options");
        this.context = Objects.requireNonNull(context, "context");
    }

    /**
     * A read of the URI with this text. A URI of the plain form {@code scheme://host/path}
     * ({@link UriValidator#isPlainHierarchical}) is parsed only if {@link #uri()} is called; any
     * other is parsed now.
     *
     * @throws IllegalArgumentException if {@link URI} cannot parse the text
     */
    public static ReadRequest of(String uri, UriTemplateMatch match, ReadOptions options, CallContext context) {
        Objects.requireNonNull(uri, "uri");
        return new ReadRequest(
                uri, UriValidator.isPlainHierarchical(uri) ? null : URI.create(uri), match, options, context);
    }

    /** A read outside any client request (tests, tools): no template match, {@link CallContext#NONE}. */
    public static ReadRequest of(URI uri, ReadOptions options) {
        return new ReadRequest(uri, null, options, CallContext.NONE);
    }

    /** The URI, parsed (on the first call, when the request was made from its text). */
    public URI uri() {
        URI parsed = uri;
        if (parsed == null) {
            parsed = URI.create(uriText); // cannot fail: of(String) parsed any text not of the plain form
            uri = parsed;
        }
        return parsed;
    }

    /** The URI's text as the client sent it: {@code uri().toString()}, without parsing it. */
    public String uriText() {
        return uriText;
    }

    /**
     * The variables of the provider's template that matched the URI (decoded and checked as the
     * template's {@link ProviderTemplate#check()} says, raw values kept), or null when none did.
     */
    public UriTemplateMatch match() {
        return match;
    }

    /** The read's limits: a provider that can cut its content cleanly cuts it within {@link ReadOptions#maxReadBytes()}. */
    public ReadOptions options() {
        return options;
    }

    /** The request's deadline, cancellation and client. */
    public CallContext context() {
        return context;
    }

    /** The template match, if one of the provider's templates matched the URI. */
    public Optional<UriTemplateMatch> templateMatch() {
        return Optional.ofNullable(match);
    }

    /** Equal when the URIs' texts, the matches, the options and the contexts are equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ReadRequest r
                && uriText.equals(r.uriText)
                && Objects.equals(match, r.match)
                && options.equals(r.options)
                && context.equals(r.context);
    }

    @Override
    public int hashCode() {
        return Objects.hash(uriText, match, options, context);
    }

    @Override
    public String toString() {
        return "ReadRequest[uri=" + uriText + ", match=" + match + ", options=" + options + ", context=" + context
                + "]";
    }
}
