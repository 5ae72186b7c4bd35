package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's JSON API, what the page calls: listing windows, tree nodes, previews, templates
 * and completion, watches, and the context basket. Every call goes to the one server the console
 * was started for; nothing here names another. Errors are mapped to statuses in one place.
 */
final class Api {

    private static final Logger log = LoggerFactory.getLogger(Api.class);
    /** Pages one call may fetch while filling a window (the page asks again for more). */
    private static final int PAGES_PER_CALL = 20;

    private final Link link;
    private final ResourceIndex index;
    private final CollectionPages collections;
    private final Watches watches;
    private final Templates templates;

    Api(Link link, ResourceIndex index, CollectionPages collections, Watches watches) {
        this.link = link;
        this.index = index;
        this.collections = collections;
        this.watches = watches;
        this.templates = new Templates(link);
    }

    /** Answers one API call; {@code path} starts after "/api/". */
    void handle(String path, Exchange ex) {
        try {
            boolean post = ex.method().equals("POST");
            if (!post && !ex.method().equals("GET")) {
                ex.error(405, "the console's API takes GET and POST only");
                return;
            }
            JsonNode answer =
                    switch ((post ? "POST " : "GET ") + path) {
                        case "GET status" -> status();
                        case "GET rows" -> rows(ex);
                        case "GET tree" -> tree(ex);
                        case "GET preview" ->
                            link.call(c -> Previewer.preview(c, required(ex.param("uri"), "uri"), index));
                        case "GET templates" -> templates.list();
                        case "POST complete" -> templates.complete(ex.body());
                        case "POST expand" -> templates.expand(ex.body());
                        case "POST watch" -> watches.watch(uris(ex.body()));
                        case "POST unwatch" -> watches.unwatch(uris(ex.body()));
                        case "POST context/select" -> {
                            JsonNode body = ex.body();
                            yield link.call(c -> Basket.select(c, index, body));
                        }
                        case "POST context/bundle" -> {
                            bundle(ex);
                            yield null;
                        }
                        default -> null;
                    };
            if (answer == null && !path.equals("context/bundle")) {
                ex.error(404, "no such API call: " + ex.method() + " /api/" + path);
            } else if (answer != null) {
                ex.json(200, answer);
            }
        } catch (Exception e) {
            fail(ex, e);
        }
    }

    /** The one place failures become statuses; no stack trace reaches the page. */
    private static void fail(Exchange ex, Exception e) {
        switch (e) {
            case IllegalArgumentException bad -> ex.error(400, bad.getMessage());
            case ResourceNotFoundException nf -> ex.error(404, "the server has no resource " + nf.uri());
            case Link.ServerDown down -> ex.error(503, down.getMessage());
            case McpTimeoutException t -> ex.error(504, t.getMessage());
            case McpException m -> ex.error(502, "the server answered with an error: " + m.getMessage());
            case McpClientException c -> ex.error(502, c.getMessage());
            case UnsupportedOperationException u -> ex.error(501, u.getMessage());
            default -> {
                log.warn("The console failed to answer", e);
                ex.error(500, "the console failed: " + e.getClass().getSimpleName());
            }
        }
    }

    private ObjectNode status() {
        ObjectNode node = link.status();
        node.set("watches", watches.state());
        return node;
    }

    private ObjectNode rows(Exchange ex) {
        Query query = query(ex);
        int offset = ex.intParam("offset", 0, 0, Integer.MAX_VALUE);
        int limit = ex.intParam("limit", 100, 1, 500);
        int maxPages = ex.param("all").equals("1") ? Integer.MAX_VALUE : PAGES_PER_CALL;
        link.current(); // fail fast while the server is away
        ResourceIndex.Window w = index.window(query, offset, limit, maxPages);
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        ArrayNode rows = out.putArray("rows");
        w.rows().forEach(r -> rows.add(Json.resource(r)));
        out.put("offset", w.offset()).put("matches", w.matches()).put("complete", w.complete());
        out.put("loaded", w.loaded()).put("pages", w.pages()).put("generation", w.generation());
        out.put("sortedPartly", !query.serverOrder() && !w.complete());
        if (w.problem() != null) {
            out.put("problem", w.problem());
        }
        return out;
    }

    private static Query query(Exchange ex) {
        String audience = ex.param("audience");
        String sort = ex.param("sort");
        return new Query(
                ex.param("q"),
                ex.param("mime"),
                audience.isEmpty() ? null : Role.fromWire(audience),
                since(ex.param("since")),
                size(ex.param("minSize"), "minSize"),
                size(ex.param("maxSize"), "maxSize"),
                sort.isEmpty() ? Query.Sort.SERVER : Query.Sort.valueOf(sort.toUpperCase(Locale.ROOT)),
                ex.param("dir").equals("desc"));
    }

    private static Instant since(String value) {
        if (value.isEmpty()) {
            return null;
        }
        try {
            return value.length() == 10
                    ? LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("since must be a date (2026-01-31) or an instant, not '" + value + "'");
        }
    }

    private static Long size(String value, String name) {
        if (value.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number of bytes, not '" + value + "'");
        }
    }

    private ObjectNode tree(Exchange ex) {
        String node = ex.param("node");
        int offset = ex.intParam("offset", 0, 0, Integer.MAX_VALUE);
        int limit = ex.intParam("limit", 200, 1, 1000);
        boolean sep2093 = link.current().server().capabilities().sep2093();
        Resource known = node.isEmpty() ? null : index.known(node);
        ObjectNode out = JsonNodeFactory.instance.objectNode().put("node", node);
        if (sep2093 && known != null && known.collection()) {
            return collectionNodes(out, node, offset, limit);
        }
        return pathNodes(out, node, offset, limit, ex.param("more").equals("1"));
    }

    /** A SEP-2093 collection's children, from resources/list {uri}. */
    private ObjectNode collectionNodes(ObjectNode out, String collection, int offset, int limit) {
        CollectionPages.Slice slice = collections.children(collection, offset, limit, PAGES_PER_CALL);
        ArrayNode nodes = out.putArray("nodes");
        for (Resource child : slice.children()) {
            nodes.addObject()
                    .put("key", child.uri())
                    .put("label", treeLabel(child))
                    .put("expandable", child.collection())
                    .set("resource", Json.resource(child));
        }
        return out.put("source", "collection").put("total", slice.total()).put("complete", slice.complete());
    }

    /** A node's children grouped by URI path, from what is listed (the root lists up to 5 pages first). */
    private ObjectNode pathNodes(ObjectNode out, String node, int offset, int limit, boolean more) {
        if (more) {
            index.loadMore(10);
        }
        List<PathTree.Node> children =
                index.withLoaded(node.isEmpty() ? 500 : 0, 5, byUri -> PathTree.children(byUri, node));
        ArrayNode nodes = out.putArray("nodes");
        for (PathTree.Node child :
                children.subList(Math.min(offset, children.size()), Math.min(children.size(), offset + limit))) {
            boolean leaf = child.resource() != null && child.descendants() == 0;
            ObjectNode n = nodes.addObject()
                    .put("key", child.key())
                    .put("label", leaf ? treeLabel(child.resource()) : child.label())
                    .put("expandable", child.expandable())
                    .put("descendants", child.descendants());
            if (child.resource() != null) {
                n.set("resource", Json.resource(child.resource()));
            }
        }
        return out.put("source", "paths")
                .put("total", children.size())
                .put("complete", index.complete())
                .put("loaded", index.loaded());
    }

    /**
     * A resource's label in the tree: its title, or its name when the title is a path ending in
     * the name (as a folder server's titles are), since the tree shows the path already.
     */
    static String treeLabel(Resource r) {
        String title = Query.label(r);
        return title.endsWith("/" + r.name()) ? r.name() : title;
    }

    private void bundle(Exchange ex) throws java.io.IOException {
        JsonNode body = ex.body();
        long budget = body.path("budget").asLong(-1);
        if (budget < 0) {
            throw new IllegalArgumentException("a budget in bytes is required");
        }
        List<String> uris = uris(body);
        String server = link.status()
                .path("server")
                .path("name")
                .asText(link.status().path("target").asText());
        String markdown = link.call(c -> Bundle.write(c, server, uris, budget));
        ex.send(200, "text/markdown; charset=utf-8", markdown.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> uris(JsonNode body) {
        JsonNode array = body.path("uris");
        if (!array.isArray()) {
            throw new IllegalArgumentException("\"uris\" must be an array of URIs");
        }
        List<String> out = new ArrayList<>();
        array.forEach(u -> out.add(required(u.asText(""), "each of uris")));
        return out;
    }

    static String required(String value, String name) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }
}
