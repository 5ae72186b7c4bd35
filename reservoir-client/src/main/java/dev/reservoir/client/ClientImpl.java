package dev.reservoir.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.internal.Protocol;
import dev.reservoir.client.internal.Uris;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.CacheScope;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ModelReader;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The client: typed resource calls over one {@link Connection}, with its deadline. */
final class ClientImpl implements McpClient {

    private static final Logger log = LoggerFactory.getLogger(ClientImpl.class);
    /** A guess at a listed resource's size in the cache (it holds metadata only). */
    private static final long LISTED_RESOURCE_BYTES = 256;

    private final Connection conn;
    private final Duration timeout;

    ClientImpl(Connection conn, Duration timeout) {
        this.conn = conn;
        this.timeout = timeout;
    }

    /** For tests in this package. */
    Connection connection() {
        return conn;
    }

    @Override
    public ServerDescription server() {
        return conn.description();
    }

    @Override
    public McpClient withTimeout(Duration deadline) {
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("a timeout must be positive, not " + deadline);
        }
        return new ClientImpl(conn, deadline);
    }

    @Override
    public ResourceCache cache() {
        return conn.cache();
    }

    // --- Listing ---

    @Override
    public ListResourcesResult listResources(String cursor) {
        return listPage(null, cursor);
    }

    @Override
    public ListResourcesResult listChildren(String collectionUri, String cursor) {
        requireSep2093("listing a collection's children");
        return listPage(Objects.requireNonNull(collectionUri, "collectionUri"), cursor);
    }

    @Override
    public Stream<Resource> resources() {
        return Paging.stream(cursor -> page(listPage(null, cursor)), "resources/list");
    }

    @Override
    public Stream<Resource> children(String collectionUri) {
        requireSep2093("listing a collection's children");
        return Paging.stream(cursor -> page(listPage(collectionUri, cursor)), "resources/list of " + collectionUri);
    }

    private static Paging.Page<Resource> page(ListResourcesResult r) {
        return new Paging.Page<>(r.resources(), r.nextCursor());
    }

    private ListResourcesResult listPage(String parent, String cursor) {
        String id = (parent == null ? "" : parent) + '\u0000' + (cursor == null ? "" : cursor);
        ListResourcesResult cached = fresh(ResourceCache.LIST, id, ListResourcesResult.class);
        if (cached != null) {
            return cached;
        }
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        if (cursor != null) {
            body.put("cursor", cursor);
        }
        if (parent != null) {
            body.put("uri", parent);
        }
        JsonNode result = conn.callTree(McpMethod.RESOURCES_LIST.wire(), body, parent, timeout);
        List<Resource> resources =
                items(result.path("resources"), n -> ModelReader.resource(Uris.lenientUri(n)), "resource");
        ListResourcesResult page = new ListResourcesResult(resources, nextCursor(result), Protocol.cacheHint(result));
        store(ResourceCache.LIST, id, page, resources.size() * LISTED_RESOURCE_BYTES, page.cacheHint());
        return page;
    }

    // --- Reading ---

    @Override
    public ReadResourceResult read(String uri) {
        Objects.requireNonNull(uri, "uri");
        ResourceCache cache = conn.cache();
        if (cache != null) {
            ReadResourceResult cached = cachedRead(cache, uri);
            if (cached != null) {
                return cached;
            }
            cache.miss();
        }
        ReadResourceResult result = readRemote(uri, null);
        if (cache != null) {
            storeRead(cache, uri, result);
        }
        return result;
    }

    @Override
    public ReadResourceResult readTo(String uri, OutputStream sink) {
        return readRemote(Objects.requireNonNull(uri, "uri"), Objects.requireNonNull(sink, "sink"));
    }

    private ReadResourceResult readRemote(String uri, OutputStream sink) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("uri", uri);
        ReadResourceResult result = conn.call(
                McpMethod.RESOURCES_READ.wire(), body, new ReadDecoder(conn.spillThreshold(), sink), uri, timeout);
        SizeMismatchException.check(result);
        return result;
    }

    /** A usable cached read: fresh, watched, or revalidated with resources/metadata; else null. */
    private ReadResourceResult cachedRead(ResourceCache cache, String uri) {
        ResourceCache.Entry entry = cache.get(conn.origin(), conn.authContext(), ResourceCache.READ, uri);
        if (entry == null) {
            return null;
        }
        long now = System.nanoTime();
        if (entry.fresh(now) || (!entry.hasTtl() && conn.subscriptions().watches(uri))) {
            cache.hit();
            return (ReadResourceResult) entry.value;
        }
        if (conn.description().capabilities().sep2093() && entry.lastModified != null) {
            Resource current;
            try {
                current = metadata(uri);
            } catch (ResourceNotFoundException e) {
                cache.remove(conn.origin(), conn.authContext(), ResourceCache.READ, uri);
                throw e;
            }
            boolean sameTime = entry.lastModified.equals(current.annotations().lastModified());
            boolean sameSize = entry.size == null || current.size() == null || entry.size.equals(current.size());
            if (sameTime && sameSize) {
                cache.renew(entry, now);
                return (ReadResourceResult) entry.value;
            }
        }
        cache.remove(conn.origin(), conn.authContext(), ResourceCache.READ, uri);
        return null;
    }

    private void storeRead(ResourceCache cache, String uri, ReadResourceResult result) {
        long bytes = 0;
        for (ResourceContents item : result.contents()) {
            switch (item) {
                case TextResourceContents t -> bytes += 2L * t.text().length();
                case BlobResourceContents b -> {
                    if (!b.inMemory()) {
                        return; // spilled to disk: too large to keep
                    }
                    bytes += b.size();
                }
                case StreamedResourceContents s -> {
                    return;
                }
            }
        }
        Resource meta = result.first().resource();
        Instant lastModified = meta.annotations().lastModified();
        CacheHint hint = result.cacheHint();
        boolean revalidatable = conn.description().capabilities().sep2093() && lastModified != null;
        boolean useful =
                hint != null && !hint.ttl().isZero() || conn.subscriptions().watches(uri) || revalidatable;
        if (!useful) {
            return;
        }
        cache.put(
                conn.origin(),
                conn.authContext(),
                ResourceCache.READ,
                uri,
                new ResourceCache.Entry(result, bytes, hint, lastModified, meta.size(), System.nanoTime()),
                hint == null ? CacheScope.PRIVATE : hint.scope());
    }

    @Override
    public Resource metadata(String uri) {
        requireSep2093("resources/metadata");
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("uri", uri);
        JsonNode result = conn.callTree(McpMethod.RESOURCES_METADATA.wire(), body, uri, timeout);
        try {
            return ModelReader.resource(Uris.lenientUri(result.path("resource")));
        } catch (IllegalArgumentException e) {
            throw new McpClientException(
                    "the server's resources/metadata answer holds no valid resource: " + e.getMessage());
        }
    }

    // --- Templates ---

    @Override
    public ListResourceTemplatesResult listTemplates(String cursor) {
        String id = cursor == null ? "" : cursor;
        ListResourceTemplatesResult cached = fresh(ResourceCache.TEMPLATES, id, ListResourceTemplatesResult.class);
        if (cached != null) {
            return cached;
        }
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        if (cursor != null) {
            body.put("cursor", cursor);
        }
        JsonNode result = conn.callTree(McpMethod.RESOURCES_TEMPLATES_LIST.wire(), body, null, timeout);
        List<ResourceTemplate> templates = items(result.path("resourceTemplates"), ModelReader::template, "template");
        ListResourceTemplatesResult page =
                new ListResourceTemplatesResult(templates, nextCursor(result), Protocol.cacheHint(result));
        store(ResourceCache.TEMPLATES, id, page, templates.size() * LISTED_RESOURCE_BYTES, page.cacheHint());
        return page;
    }

    @Override
    public Stream<ResourceTemplate> templates() {
        return Paging.stream(
                cursor -> {
                    ListResourceTemplatesResult r = listTemplates(cursor);
                    return new Paging.Page<>(r.resourceTemplates(), r.nextCursor());
                },
                "resources/templates/list");
    }

    @Override
    public CompleteResult complete(String uriTemplate, String variable, String prefix, Map<String, String> context) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.putObject("ref").put("type", "ref/resource").put("uri", uriTemplate);
        body.putObject("argument").put("name", variable).put("value", prefix == null ? "" : prefix);
        if (context != null && !context.isEmpty() && conn.protocol().revision().hasCompletionContext()) {
            ObjectNode arguments = body.putObject("context").putObject("arguments");
            context.forEach(arguments::put);
        }
        JsonNode completion = conn.callTree(McpMethod.COMPLETION_COMPLETE.wire(), body, null, timeout)
                .path("completion");
        List<String> values = new ArrayList<>();
        completion.path("values").forEach(v -> values.add(v.asText()));
        JsonNode total = completion.get("total");
        return new CompleteResult(
                values,
                total != null && total.canConvertToInt() ? total.intValue() : null,
                completion.path("hasMore").asBoolean(false));
    }

    // --- Changes, context, anything else ---

    @Override
    public Subscription subscribe(Collection<String> uris, boolean listChanged, ResourceListener listener) {
        Objects.requireNonNull(listener, "listener");
        if (uris.isEmpty() && !listChanged) {
            throw new IllegalArgumentException("subscribe to at least one URI, or to list changes");
        }
        return conn.subscriptions().subscribe(uris, listChanged, listener, timeout);
    }

    @Override
    public ContextSelection selectContext(ContextRequest request) {
        return ContextSelector.select(this, request);
    }

    @Override
    public JsonNode request(String method, ObjectNode params) {
        String uri = params == null ? null : params.path("uri").asText(null);
        return conn.callTree(method, params, uri, timeout);
    }

    @Override
    public void close() {
        conn.close();
    }

    // --- Helpers ---

    private void requireSep2093(String what) {
        if (!conn.description().capabilities().sep2093()) {
            throw new UnsupportedOperationException(what + " needs SEP-2093, which "
                    + (conn.protocol().sep2093() ? "the server does not offer" : "this client was built without"));
        }
    }

    private <T> T fresh(String kind, String id, Class<T> type) {
        ResourceCache cache = conn.cache();
        if (cache == null) {
            return null;
        }
        ResourceCache.Entry entry = cache.get(conn.origin(), conn.authContext(), kind, id);
        if (entry != null && entry.fresh(System.nanoTime()) && type.isInstance(entry.value)) {
            cache.hit();
            return type.cast(entry.value);
        }
        cache.miss();
        return null;
    }

    private void store(String kind, String id, Object value, long bytes, CacheHint hint) {
        ResourceCache cache = conn.cache();
        if (cache != null && hint != null && !hint.ttl().isZero()) {
            cache.put(
                    conn.origin(),
                    conn.authContext(),
                    kind,
                    id,
                    new ResourceCache.Entry(value, bytes, hint, null, null, System.nanoTime()),
                    hint.scope());
        }
    }

    private static String nextCursor(JsonNode result) {
        JsonNode next = result.get("nextCursor");
        return next != null && next.isTextual() ? next.textValue() : null;
    }

    /** Reads list items, skipping (and logging) any the model refuses, so one bad item does not hide the rest. */
    private static <T> List<T> items(JsonNode array, Function<JsonNode, T> reader, String what) {
        List<T> items = new ArrayList<>(array.size());
        for (JsonNode node : array) {
            try {
                items.add(reader.apply(node));
            } catch (IllegalArgumentException e) {
                log.warn("Skipping a {} the server listed that is not valid ({}): {}", what, e.getMessage(), node);
            }
        }
        return items;
    }
}
