package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.ResourceProvider;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** resources/list, resources/templates/list, resources/read, resources/metadata and completion/complete. */
final class ResourceMethods {

    private static final Logger log = LoggerFactory.getLogger(ResourceMethods.class);
    private static final int MAX_COMPLETION_VALUES = 100;

    private final Router router;
    private final Cursors cursors;
    private final ServerSettings settings;
    private final StreamBudget streams;

    ResourceMethods(Router router, Cursors cursors, ServerSettings settings, StreamBudget streams) {
        this.router = router;
        this.cursors = cursors;
        this.settings = settings;
        this.streams = streams;
    }

    JsonWritable list(RequestContext ctx, ObjectNode params) {
        String cursor = Params.optionalString(params, "cursor");
        String parent = Params.optionalUri(params, "uri");
        CallContext call = ProviderCalls.of(ctx);
        PageBudget budget = listBudget();
        Page<Resource> page =
                parent == null ? listAll(cursor, budget, call) : listChildren(parent, cursor, budget, call);
        CacheHint hint = page.cacheHint() != null ? page.cacheHint() : settings.cacheHint();
        JsonWritable result = ctx.result(hint, g -> writePage(g, ctx.wire(), page.items(), page.nextCursor()));
        if (!ctx.inFlight().replies().capsMessageSize()) {
            return result;
        }
        // Where the client caps a message's size, a page that cannot pass the cap is written
        // straight to it: measured first, the client waited for the whole page to be written
        // before it could read the first resource (stdio, 10,002 resources: 0.95x the time warm,
        // 0.84x the first listing; reservoir-bench/PROFILE.md).
        return new BoundedResult(result, mostBytes(ctx, hint, page));
    }

    private static void writePage(JsonGenerator g, WireFormat wire, List<Resource> items, String nextCursor)
            throws IOException {
        g.writeArrayFieldStart("resources");
        for (Resource resource : items) {
            wire.writeResource(g, resource);
        }
        g.writeEndArray();
        if (nextCursor != null) {
            g.writeStringField("nextCursor", nextCursor);
        }
    }

    /** The most bytes a page can take: all but its resources as written, then each resource's most and a comma. */
    private static long mostBytes(RequestContext ctx, CacheHint hint, Page<Resource> page) {
        long most = ContentMeter.written(ctx.result(hint, g -> writePage(g, ctx.wire(), List.of(), page.nextCursor())))
                + page.items().size();
        for (Resource resource : page.items()) {
            most += PageBudget.most(resource);
        }
        return most;
    }

    /** The budget of a resources/list page (and of what is paged like one). */
    PageBudget listBudget() {
        return new PageBudget(settings.listPageSize(), settings.listPageBytes());
    }

    /** The budget of a page a model reads in a tool's result: the page size, a hundred by default. */
    PageBudget toolBudget() {
        return new PageBudget(settings.pageSize(), settings.listPageBytes());
    }

    /**
     * Fills a page from the providers in order, in chunks, until the page's budget is spent; the
     * returned cursor is already signed.
     */
    Page<Resource> listAll(String cursor, PageBudget budget, CallContext call) {
        Cursors.Position start = cursor == null
                ? new Cursors.Position(Cursors.Kind.RESOURCES, "", 0, null)
                : cursors.decode(cursor, Cursors.Kind.RESOURCES, "");
        List<ResourceProvider> providers = router.providers();
        // Each chunk as the provider gave it (a page's items are an immutable list), joined once
        // at the end: a page of one chunk is not copied at all (ten thousand resources were
        // copied three times a listing, growing an array as they went).
        List<List<Resource>> chunks = new ArrayList<>(2);
        CacheHint hint = null;
        int slot = start.slot();
        String providerCursor = start.providerCursor();
        while (slot < providers.size() && !budget.full()) {
            Page<Resource> page =
                    providers.get(slot).list(new ListRequest(null, providerCursor, budget.nextAsk(), null, call));
            if (!page.items().isEmpty()) {
                chunks.add(page.items());
            }
            budget.add(page.items());
            hint = shorter(hint, page.cacheHint());
            boolean stuck = page.nextCursor() != null
                    && (page.items().isEmpty() || page.nextCursor().equals(providerCursor));
            if (page.nextCursor() == null) {
                slot++;
                providerCursor = null;
            } else {
                providerCursor = page.nextCursor();
            }
            if (stuck) {
                break; // a provider that makes no progress must not spin this loop
            }
        }
        String next = slot < providers.size()
                ? cursors.encode(new Cursors.Position(Cursors.Kind.RESOURCES, "", slot, providerCursor))
                : null;
        return new Page<>(joined(chunks), next, hint);
    }

    /** The chunks' items in order: the only chunk itself when there is one. */
    private static List<Resource> joined(List<List<Resource>> chunks) {
        if (chunks.isEmpty()) {
            return List.of();
        }
        if (chunks.size() == 1) {
            return chunks.getFirst();
        }
        int size = 0;
        for (List<Resource> chunk : chunks) {
            size += chunk.size();
        }
        List<Resource> items = new ArrayList<>(size);
        for (List<Resource> chunk : chunks) {
            items.addAll(chunk);
        }
        return items;
    }

    /**
     * The children of a collection, asked of its provider at once (which says not found itself),
     * in chunks until the page's budget is spent; only an empty first page costs a second call, to
     * tell an empty collection from a leaf.
     */
    Page<Resource> listChildren(String parent, String cursor, PageBudget budget, CallContext call) {
        Router.Target target = router.resolve(parent);
        String providerCursor = cursor == null
                ? null
                : cursors.decode(cursor, Cursors.Kind.RESOURCES, parent).providerCursor();
        List<List<Resource>> chunks = new ArrayList<>(2); // joined once, as listAll's
        CacheHint hint = null;
        String next = providerCursor;
        do {
            Page<Resource> page = target.children(next, budget.nextAsk(), call);
            if (!page.items().isEmpty()) {
                chunks.add(page.items());
            }
            budget.add(page.items());
            hint = shorter(hint, page.cacheHint());
            boolean stuck = page.nextCursor() != null
                    && (page.items().isEmpty() || page.nextCursor().equals(next));
            next = page.nextCursor();
            if (stuck) {
                break; // a provider that makes no progress must not spin this loop
            }
        } while (next != null && !budget.full());
        if (cursor == null && chunks.isEmpty() && next == null) {
            Resource collection = target.metadata(call)
                    .map(Metadata::resource)
                    .orElseThrow(() -> new ResourceNotFoundException(parent));
            if (!collection.collection()) {
                throw McpException.invalidParams(
                        "Invalid params: '" + parent + "' is not a collection, so it has no children to list");
            }
        }
        String signed =
                next == null ? null : cursors.encode(new Cursors.Position(Cursors.Kind.RESOURCES, parent, 0, next));
        return new Page<>(joined(chunks), signed, hint);
    }

    JsonWritable templates(RequestContext ctx, ObjectNode params) {
        String cursor = Params.optionalString(params, "cursor");
        int from = cursor == null
                ? 0
                : cursors.decode(cursor, Cursors.Kind.TEMPLATES, "").slot();
        List<ResourceTemplate> all = router.templates();
        int to = Math.min(all.size(), from + settings.pageSize());
        List<ResourceTemplate> page = from >= all.size() ? List.of() : all.subList(from, to);
        String next =
                to < all.size() ? cursors.encode(new Cursors.Position(Cursors.Kind.TEMPLATES, "", to, null)) : null;
        return ctx.result(settings.cacheHint(), g -> {
            g.writeArrayFieldStart("resourceTemplates");
            for (ResourceTemplate template : page) {
                ctx.wire().writeTemplate(g, template);
            }
            g.writeEndArray();
            if (next != null) {
                g.writeStringField("nextCursor", next);
            }
        });
    }

    /**
     * Whether {@link #read} answers these params at once: a URI whose provider reads it from
     * memory ({@link dev.reservoir.server.spi.ResourceProvider#readsFromMemory}), or params that
     * are refused at once (no URI, not a valid one, or one a template refuses).
     */
    boolean readsAtOnce(ObjectNode params) {
        Params.Checked checked;
        Router.Target target;
        try {
            checked = Params.checkedUri(params, "uri");
            // A template may refuse the URI's value (a ".." segment: UnsafeVariableException).
            // The read refuses it too, with the error that says why.
            target = resolve(checked);
        } catch (RuntimeException refused) {
            return true;
        }
        // Kept whatever the answer: stdio's reading thread runs the read next itself, from memory
        // or not (a folder's). Over HTTP a read not answered at once runs on a thread of its own,
        // and the entry stays on the I/O thread until its next read replaces it.
        ROUTED.set(new Routed(this, params, checked, target));
        return target.readsFromMemory();
    }

    /**
     * The route {@link #readsAtOnce} found, kept for the read that follows it on the same thread
     * (HTTP's I/O thread for a read answered at once; stdio's reading thread for every read), so
     * that a read is routed once: the URI's check and its route were a tenth of a read's own work
     * over HTTP. Taken by the read of the same params (the same object) on the same server, and
     * dropped by any other.
     */
    private record Routed(ResourceMethods owner, ObjectNode params, Params.Checked checked, Router.Target target) {}

    private static final ThreadLocal<Routed> ROUTED = new ThreadLocal<>();

    private Router.Target resolve(Params.Checked checked) {
        return checked.parsed() != null ? router.resolve(checked.parsed()) : router.resolve(checked.text());
    }

    JsonWritable read(RequestContext ctx, ObjectNode params) {
        Params.Checked checked;
        Router.Target target;
        Routed routed = ROUTED.get();
        if (routed != null) {
            // Emptied, not removed: the thread's next read sets it again, and a set that has to
            // add the entry anew looks the thread's map over for stale ones (about 10% of
            // readsAtOnce over HTTP).
            ROUTED.set(null);
        }
        if (routed != null && routed.owner() == this && routed.params() == params) {
            checked = routed.checked();
            target = routed.target();
        } else {
            checked = Params.checkedUri(params, "uri"); // parsed only if the provider needs it
            target = resolve(checked);
        }
        String uri = checked.text();
        ReadResult result = target.read(settings.readOptions(), ProviderCalls.of(ctx));
        try {
            List<ResourceContent> contents = checked(uri, result.contents(), ctx.wire());
            CacheHint hint = result.cacheHint() != null ? result.cacheHint() : settings.cacheHint();
            // Nothing is opened here: the answer opens its content when it is written (for a batch,
            // when the whole batch is), so reads waiting to be written hold no file descriptors.
            ReadAnswer answer = new ReadAnswer(
                    uri,
                    result,
                    contents,
                    hint,
                    new ReadAnswer.Context(
                            ctx.wire(),
                            settings.serverInfo(),
                            streams,
                            settings.requestTimeout(),
                            settings.readOptions().maxReadBytes(),
                            ctx.inFlight().replies().contentWriteBytes()));
            ProviderCalls.releaseIfDropped(ctx, answer::release);
            return answer;
        } catch (RuntimeException e) {
            ReadAnswer.releaseQuietly(result);
            throw e;
        }
    }

    /**
     * Checks what a provider returned: never an empty array, and only the items the format answers
     * with ({@link WireFormat#ownContents}).
     */
    private static List<ResourceContent> checked(String uri, List<ResourceContent> contents, WireFormat wire) {
        if (contents.isEmpty()) {
            throw new IllegalStateException("the provider returned no contents for " + uri
                    + "; a missing resource must throw ResourceNotFoundException");
        }
        List<ResourceContent> own = wire.ownContents(uri, contents, ResourceContent::resource);
        if (own.size() != contents.size()) {
            log.warn("Provider returned other URIs when reading non-collection {}; they were dropped", uri);
        }
        return own;
    }

    JsonWritable metadata(RequestContext ctx, ObjectNode params) {
        String uri = Params.uri(params, "uri");
        Metadata metadata = router.resolve(uri)
                .metadata(ProviderCalls.of(ctx))
                .orElseThrow(() -> new ResourceNotFoundException(uri));
        WireFormat wire = ctx.wire().forMetadata();
        return ctx.result(metadata.cacheHint(), g -> {
            g.writeFieldName("resource");
            wire.writeResource(g, metadata.resource());
        });
    }

    JsonWritable complete(RequestContext ctx, ObjectNode params) {
        ObjectNode ref = Params.requiredObject(params, "ref");
        ObjectNode argument = Params.requiredObject(params, "argument");
        String type = Params.requiredString(ref, "type");
        if (type.equals("ref/prompt")) {
            throw McpException.invalidParams("Invalid params: this server has no prompts");
        }
        if (!type.equals("ref/resource")) {
            throw McpException.invalidParams("Invalid params: 'ref.type' must be \"ref/resource\" or \"ref/prompt\"");
        }
        String templateText = Params.requiredString(ref, "uri");
        String name = Params.requiredString(argument, "name");
        String value = Params.requiredString(argument, "value");
        Router.Owner owner = router.templateOwner(templateText)
                .orElseThrow(() ->
                        McpException.invalidParams("Invalid params: no resource template '" + templateText + "'"));
        if (!UriTemplate.parse(templateText).variableNames().contains(name)) {
            throw McpException.invalidParams(
                    "Invalid params: template '" + templateText + "' has no variable '" + name + "'");
        }
        CompletionRequest request =
                new CompletionRequest(templateText, name, value, contextArguments(params), ProviderCalls.of(ctx));
        // Not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        Completion completion;
        if (owner instanceof Router.HandlerOwner h) {
            completion =
                    h.completer() == null ? Completion.EMPTY : h.completer().complete(request);
        } else {
            completion = ((Router.ProviderOwner) owner).provider().complete(request);
        }
        List<String> values = completion.values().size() > MAX_COMPLETION_VALUES
                ? completion.values().subList(0, MAX_COMPLETION_VALUES)
                : completion.values();
        boolean hasMore = completion.hasMore() || completion.values().size() > MAX_COMPLETION_VALUES;
        return ctx.result(null, g -> {
            g.writeObjectFieldStart("completion");
            g.writeArrayFieldStart("values");
            for (String v : values) {
                g.writeString(v);
            }
            g.writeEndArray();
            if (completion.total() != null) {
                g.writeNumberField("total", Math.max(completion.total(), values.size()));
            }
            g.writeBooleanField("hasMore", hasMore);
            g.writeEndObject();
        });
    }

    private static Map<String, String> contextArguments(ObjectNode params) {
        ObjectNode context = Params.optionalObject(params, "context");
        ObjectNode arguments = context == null ? null : Params.optionalObject(context, "arguments");
        Map<String, String> values = new LinkedHashMap<>();
        if (arguments != null) {
            for (Map.Entry<String, JsonNode> entry : arguments.properties()) {
                if (!entry.getValue().isTextual()) {
                    throw McpException.invalidParams(
                            "Invalid params: 'context.arguments." + entry.getKey() + "' must be a string");
                }
                values.put(entry.getKey(), entry.getValue().textValue());
            }
        }
        return values;
    }

    private static CacheHint shorter(CacheHint a, CacheHint b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return a.ttl().compareTo(b.ttl()) <= 0 ? a : b;
    }
}
