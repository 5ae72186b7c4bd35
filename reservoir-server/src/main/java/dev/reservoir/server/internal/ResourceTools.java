package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ContentSearch;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ResourceProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/** What the bridged tools do: list, read (within a byte budget) and search the served resources. */
final class ResourceTools {

    static final int DEFAULT_MAX_BYTES = 64 * 1024;
    static final int MAX_MAX_BYTES = 4 * 1024 * 1024;
    /** Pages of resources/list one prefix listing or name search looks through, so a call stays bounded. */
    private static final int MAX_PAGES_SCANNED = 200;

    private static final long MAX_CONTENT_BYTES_SCANNED = 64L << 20;

    private final ServerSettings settings;
    private final Router router;
    private final ResourceMethods resources;
    private final ToolReader reader;

    ResourceTools(ServerSettings settings, Router router, ResourceMethods resources, ToolReader reader) {
        this.settings = settings;
        this.router = router;
        this.resources = resources;
        this.reader = reader;
    }

    ToolResult list(ObjectNode args, CallContext call) {
        return guarded(() -> {
            String collection = optionalUri(args, "collection");
            String prefix = optionalText(args, "prefix");
            String cursor = optionalText(args, "cursor");
            List<Resource> found = new ArrayList<>();
            String next;
            if (collection != null) {
                Page<Resource> page = resources.listChildren(collection, cursor, resources.toolBudget(), call);
                found.addAll(filter(page.items(), prefix));
                next = page.nextCursor();
            } else {
                next = scan(
                        cursor, r -> prefix == null || r.uri().startsWith(prefix), found, settings.pageSize(), call);
            }
            List<ToolResult.Item> items = new ArrayList<>();
            items.add(new ToolResult.Text(found.size() + (found.size() == 1 ? " resource" : " resources")
                    + (collection != null ? " in " + collection : "")
                    + (prefix != null ? " starting with " + prefix : "")
                    + (next != null ? "; more: call list_resources again with cursor \"" + next + "\"" : "")
                    + "."));
            found.forEach(r -> items.add(new ToolResult.Link(r)));
            return new ToolResult(items, false);
        });
    }

    ToolResult read(ObjectNode args, CallContext call) {
        return guarded(() -> {
            String uri = Params.checkUri(requiredText(args, "uri"), "uri");
            JsonNode max = args.get("maxBytes");
            if (max != null && !max.canConvertToInt()) {
                throw new IllegalArgumentException("'maxBytes' must be an integer");
            }
            int budget = max == null ? DEFAULT_MAX_BYTES : Math.clamp(max.intValue(), 1, MAX_MAX_BYTES);
            return reader.read(uri, budget, call);
        });
    }

    ToolResult search(ObjectNode args, CallContext call) {
        return guarded(() -> {
            String query = requiredText(args, "query");
            String prefix = optionalText(args, "prefix");
            JsonNode limitNode = args.get("limit");
            int limit = limitNode == null ? 50 : Math.clamp(limitNode.asInt(50), 1, 200);
            boolean content = args.path("content").asBoolean(false);
            String needle = query.toLowerCase(Locale.ROOT);
            List<Resource> named = new ArrayList<>();
            String more = scan(
                    null,
                    r -> (prefix == null || r.uri().startsWith(prefix)) && matches(r, needle),
                    named,
                    limit,
                    call);
            List<ToolResult.Item> items = new ArrayList<>();
            List<ContentSearch.ContentMatch> inside = content ? searchContent(query, prefix, limit) : List.of();
            items.add(new ToolResult.Text(named.size() + " by name, title, description or URI"
                    + (content ? ", " + inside.size() + " by content" : "") + " for \"" + query + "\""
                    + (more != null ? " (stopped at " + limit + "; narrow the query or give a prefix)" : "") + "."));
            named.stream().limit(limit).forEach(r -> items.add(new ToolResult.Link(r)));
            for (ContentSearch.ContentMatch match : inside) {
                items.add(new ToolResult.Link(match.resource()));
                StringBuilder lines = new StringBuilder(match.resource().uri()).append(':');
                match.lines().forEach(l -> lines.append("\n  line ")
                        .append(l.number())
                        .append(": ")
                        .append(l.text()));
                items.add(new ToolResult.Text(lines.toString()));
            }
            return new ToolResult(items, false);
        });
    }

    private List<ContentSearch.ContentMatch> searchContent(String query, String prefix, int limit) {
        List<ContentSearch.ContentMatch> all = new ArrayList<>();
        for (ResourceProvider provider : router.providers()) {
            if (provider instanceof ContentSearch search && all.size() < limit) {
                all.addAll(search.searchContent(
                        new ContentSearch.ContentQuery(query, prefix, limit - all.size(), MAX_CONTENT_BYTES_SCANNED)));
            }
        }
        return all;
    }

    /** Pages through resources/list from a cursor, keeping what matches; returns the cursor to go on from. */
    private String scan(
            String cursor,
            java.util.function.Predicate<Resource> keep,
            List<Resource> into,
            int enough,
            CallContext call) {
        String next = cursor;
        for (int pages = 0; pages < MAX_PAGES_SCANNED; pages++) {
            Page<Resource> page = resources.listAll(next, resources.toolBudget(), call);
            page.items().stream().filter(keep).forEach(into::add);
            next = page.nextCursor();
            if (next == null || into.size() >= enough) {
                break;
            }
        }
        return next;
    }

    private static List<Resource> filter(List<Resource> items, String prefix) {
        return prefix == null
                ? items
                : items.stream().filter(r -> r.uri().startsWith(prefix)).toList();
    }

    private static boolean matches(Resource r, String needle) {
        for (String field : new String[] {r.name(), r.title(), r.description(), r.uri()}) {
            if (field != null && field.toLowerCase(Locale.ROOT).contains(needle)) {
                return true;
            }
        }
        return false;
    }

    /** The resource on one line, for revisions without resource_link and for the model to read. */
    static String line(Resource r) {
        StringBuilder s = new StringBuilder(r.uri()).append("  (").append(r.title() != null ? r.title() : r.name());
        if (r.collection()) {
            s.append(", collection");
        }
        if (r.mimeType() != null) {
            s.append(", ").append(r.mimeType());
        }
        if (r.size() != null) {
            s.append(", ").append(r.size()).append(" bytes");
        }
        return s.append(')').toString();
    }

    /** Runs a tool; what the caller can correct becomes an error result, the rest stays an exception. */
    private static ToolResult guarded(Supplier<ToolResult> tool) {
        try {
            return tool.get();
        } catch (ResourceNotFoundException e) {
            return ToolResult.error("Resource not found: " + e.uri());
        } catch (McpException e) {
            return ToolResult.error(e.getMessage());
        } catch (IllegalArgumentException e) {
            return ToolResult.error("Invalid arguments: " + e.getMessage());
        }
    }

    private static String requiredText(ObjectNode args, String name) {
        String value = optionalText(args, name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("'" + name + "' is required");
        }
        return value;
    }

    private static String optionalText(ObjectNode args, String name) {
        JsonNode value = args.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException("'" + name + "' must be a string");
        }
        return value.textValue();
    }

    private static String optionalUri(ObjectNode args, String name) {
        String value = optionalText(args, name);
        return value == null ? null : Params.checkUri(value, name);
    }
}
