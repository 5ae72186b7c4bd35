package dev.reservoir.console.internal;

import dev.reservoir.core.model.Resource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * Resources grouped into a tree by their URIs, for servers without collections: first the scheme
 * ({@code file://}, {@code demo://}), then each path segment. A resource and the group of URIs
 * below it are one node whether or not its URI ends in a slash ({@code file:///docs} and
 * {@code file:///docs/a.md}). A group that holds nothing but one other group shows as one node
 * ({@code file:///home/me/docs}), as file explorers show compact folders. Stateless.
 */
final class PathTree {

    /**
     * One node.
     *
     * @param key the node's resource URI, or for a pure group the URI prefix it stands for
     * @param label the part of the key below its parent
     * @param resource the resource of the node, or null for a pure group
     * @param descendants how many loaded resources lie below it
     */
    record Node(String key, String label, Resource resource, boolean expandable, int descendants) {}

    private static final int MAX_MERGES = 32;

    private PathTree() {}

    /** What lies at one name below a prefix: maybe a resource, maybe more below. */
    private static final class Entry {
        String key;
        Resource resource;
        int descendants;
    }

    /** The prefix under which a node's children lie: the key itself, or the key and a slash. */
    static String prefixOf(String key) {
        return key.isEmpty() || key.endsWith("/") || key.endsWith(":") ? key : key + "/";
    }

    /** The children of the node with this key ("" for the root), in URI order. */
    static List<Node> children(NavigableMap<String, Resource> byUri, String key) {
        String prefix = prefixOf(key);
        List<Node> nodes = new ArrayList<>();
        for (Entry entry : immediate(byUri, prefix).values()) {
            Entry e = entry;
            for (int merges = 0; e.resource == null && e.descendants > 0 && merges < MAX_MERGES; merges++) {
                Map<String, Entry> below = immediate(byUri, prefixOf(e.key));
                if (below.size() != 1) {
                    break;
                }
                Entry only = below.values().iterator().next();
                if (only.descendants == 0 && !(only.resource != null && only.resource.collection())) {
                    break; // a group of one leaf stays a group: the leaf shows inside it
                }
                e = only;
            }
            boolean expandable = e.descendants > 0 || (e.resource != null && e.resource.collection());
            nodes.add(new Node(e.key, e.key.substring(prefix.length()), e.resource, expandable, e.descendants));
        }
        return nodes;
    }

    /** The next name below a prefix, for every loaded URI under it. */
    private static Map<String, Entry> immediate(NavigableMap<String, Resource> byUri, String prefix) {
        NavigableMap<String, Resource> range =
                prefix.isEmpty() ? byUri : byUri.subMap(prefix, true, prefix + Character.MAX_VALUE, false);
        Map<String, Entry> out = new LinkedHashMap<>();
        for (Map.Entry<String, Resource> item : range.entrySet()) {
            String uri = item.getKey();
            String rest = uri.substring(prefix.length());
            if (rest.isEmpty()) {
                continue; // the node itself
            }
            String segment = prefix.isEmpty() ? schemeOf(uri) : firstSegment(rest);
            boolean group = segment.length() < rest.length();
            String name =
                    segment.endsWith("/") && !prefix.isEmpty() ? segment.substring(0, segment.length() - 1) : segment;
            Entry entry = out.computeIfAbsent(name, n -> new Entry());
            if (group) {
                entry.descendants++;
                if (entry.key == null) {
                    entry.key = prefix + segment;
                }
            } else {
                entry.resource = item.getValue();
                entry.key = uri; // a resource names its node, slash or not
            }
        }
        return out;
    }

    /** {@code demo://} for {@code demo://items/1}, {@code urn:} for {@code urn:isbn:1}. */
    static String schemeOf(String uri) {
        int slashes = uri.indexOf("://");
        if (slashes > 0) {
            return uri.substring(0, slashes + 3);
        }
        int colon = uri.indexOf(':');
        return colon > 0 ? uri.substring(0, colon + 1) : uri;
    }

    /** Up to and including the first slash, or all of it. */
    static String firstSegment(String rest) {
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash + 1);
    }
}
