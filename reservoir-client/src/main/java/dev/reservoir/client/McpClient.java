package dev.reservoir.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.uri.UriTemplate;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A connection to one MCP server, for its resources: blocking, typed calls for hosts that show
 * resources in a tree, let people search them, or put them in a model's context. Connect with
 * {@link #builder()}; the server's era (a handshake revision, or 2026-07-28) is found and spoken
 * without the caller's help.
 *
 * <pre>{@code
 * try (McpClient client = McpClient.builder().stdio("npx", "@modelcontextprotocol/server-everything").connect()) {
 *     client.resources().limit(10).forEach(r -> System.out.println(r.uri()));
 *     System.out.println(client.read("demo://resource/static/document/features.md").text());
 * }
 * }</pre>
 *
 * <p>Thread-safe: calls may be made from many threads at once. Every call has a deadline (the
 * builder's request timeout, or {@link #withTimeout}); a call that misses it, or whose thread is
 * interrupted, is cancelled on the server and fails with {@link McpTimeoutException} (or
 * {@link McpClientException}). An error the server answers with is a
 * {@link dev.reservoir.core.McpException}; a resource that does not exist is always a
 * {@link dev.reservoir.core.ResourceNotFoundException}, whatever code the server used.
 */
public interface McpClient extends AutoCloseable {

    static McpClientBuilder builder() {
        return new McpClientBuilder();
    }

    /** The server: its revision, name, capabilities and instructions. */
    ServerDescription server();

    /** A view of this connection whose calls have another deadline (closing either closes both). */
    McpClient withTimeout(Duration timeout);

    // --- Listing ---

    /** One page of {@code resources/list}; cursor null for the first. May be served from the cache. */
    ListResourcesResult listResources(String cursor);

    /**
     * One page of a collection's children (SEP-2093: {@code resources/list} with {@code uri}).
     *
     * @throws UnsupportedOperationException when the server does not speak SEP-2093
     */
    ListResourcesResult listChildren(String collectionUri, String cursor);

    /**
     * Every resource, page after page as the stream is consumed (lazily: a page is fetched when the
     * previous one is used up). Fails with {@link McpClientException} if the server repeats a cursor,
     * which would make the listing endless.
     */
    Stream<Resource> resources();

    /** Every child of a collection, lazily, as {@link #resources()} (SEP-2093). */
    Stream<Resource> children(String collectionUri);

    // --- Reading ---

    /**
     * Reads a resource. A blob is decoded as it arrives, into memory when small and a temporary
     * file when large (close the result to delete it sooner). May be served from the cache.
     */
    ReadResourceResult read(String uri);

    /**
     * Reads a resource, writing its first content item's bytes to {@code sink} as they arrive (a
     * blob decoded, text as UTF-8), on the connection's reading thread; nothing is held in memory or
     * cached. The result's first item is a {@link StreamedResourceContents}.
     */
    ReadResourceResult readTo(String uri, OutputStream sink);

    /** Reads the resource a template names with these values (RFC 6570 expansion). */
    default ReadResourceResult read(ResourceTemplate template, Map<String, ?> variables) {
        return read(expand(template, variables));
    }

    /**
     * A resource's metadata without its content (SEP-2093 {@code resources/metadata}).
     *
     * @throws UnsupportedOperationException when the server does not speak SEP-2093
     */
    Resource metadata(String uri);

    // --- Templates ---

    /** One page of {@code resources/templates/list}. */
    ListResourceTemplatesResult listTemplates(String cursor);

    /** Every template, lazily, as {@link #resources()}. */
    Stream<ResourceTemplate> templates();

    /** The URI a template names with these values (RFC 6570, as {@link UriTemplate#expand}). */
    static String expand(ResourceTemplate template, Map<String, ?> variables) {
        return UriTemplate.parse(template.uriTemplate()).expand(variables);
    }

    /**
     * Suggestions for one template variable ({@code completion/complete}).
     *
     * @param context values already chosen for the template's other variables (sent from 2025-06-18)
     */
    CompleteResult complete(String uriTemplate, String variable, String prefix, Map<String, String> context);

    // --- Changes ---

    /**
     * Subscribes to changes: {@code resources/subscribe} per URI in the session era (list changes
     * come to every session anyway), one {@code subscriptions/listen} stream from 2026-07-28. Returns
     * once the server acknowledged; the result says what it agreed to.
     *
     * @param listChanged whether to hear {@code notifications/resources/list_changed}
     */
    Subscription subscribe(Collection<String> uris, boolean listChanged, ResourceListener listener);

    /** Subscribes to one resource. */
    default Subscription subscribe(String uri, ResourceListener listener) {
        return subscribe(List.of(uri), false, listener);
    }

    // --- Context ---

    /**
     * Chooses resources to put in a model's context within a byte budget, by priority, audience,
     * recency and size, without reading content that will not fit, then reads what it chose. See
     * {@link ContextSelector} for the policy.
     */
    ContextSelection selectContext(ContextRequest request);

    // --- Anything else ---

    /**
     * Sends any request and returns its result as JSON (for methods this client has no typed call
     * for). The era's {@code _meta} is added to params in the stateless era.
     */
    JsonNode request(String method, ObjectNode params);

    /** The cache this client uses, or null when caching is off. */
    ResourceCache cache();

    /** Ends subscriptions and the connection (and stops a server process the client started). */
    @Override
    void close();
}
