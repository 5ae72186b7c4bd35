package dev.reservoir.cli;

import dev.reservoir.core.model.Resource;
import java.io.PrintWriter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.text.Collator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Resources as a tree by URI path, for {@code ls --tree}. Each collection the server lists with no
 * listed collection above it (a folder {@code reservoir serve} serves, say) is a root of its own,
 * shown by its URI; the folders above it are not shown. Other resources hang from their scheme and
 * authority, with single-child chains joined into one line. Below a root, names are percent-decoded
 * and sorted as people read them; a title is shown only where it says more than the name.
 */
final class Tree {

    /** As people sort names: "Ünï" near "u", case aside; the raw segment breaks ties. */
    private static final Comparator<String> BY_NAME = Comparator.comparing(
                    Tree::decode, Collator.getInstance(Locale.ROOT))
            .thenComparing(s -> s);

    private Tree() {}

    private static final class Node {
        final Map<String, Node> children = new LinkedHashMap<>();
        Resource resource;

        List<Map.Entry<String, Node>> sorted() {
            List<Map.Entry<String, Node>> entries = new ArrayList<>(children.entrySet());
            entries.sort(Map.Entry.comparingByKey(BY_NAME));
            return entries;
        }
    }

    static void print(List<Resource> resources, PrintWriter out) {
        Node top = new Node();
        for (Resource r : resources) {
            Node node = top;
            for (String segment : segments(r.uri())) {
                node = node.children.computeIfAbsent(segment, k -> new Node());
            }
            node.resource = r;
        }
        List<Node> roots = new ArrayList<>();
        Node rest = new Node();
        split(top, rest, roots);
        roots.sort(Comparator.comparing(n -> n.resource.uri()));
        for (Node root : roots) {
            String uri = root.resource.uri();
            out.println(uri + (uri.endsWith("/") ? "" : "/") + describe(root.resource, uri));
            children(root, "", out);
        }
        for (Map.Entry<String, Node> group : rest.sorted()) {
            String label = group.getKey();
            Node node = group.getValue();
            while (node.resource == null && node.children.size() == 1) {
                Map.Entry<String, Node> only =
                        node.children.entrySet().iterator().next();
                label = label + "/" + only.getKey();
                node = only.getValue();
            }
            out.println(label + (node.resource == null ? "/" : describe(node.resource, label)));
            children(node, "", out);
        }
    }

    /** Moves every root (a listed collection with none above it) to {@code roots}, the rest to {@code rest}. */
    private static void split(Node node, Node rest, List<Node> roots) {
        for (Map.Entry<String, Node> child : node.children.entrySet()) {
            Node n = child.getValue();
            if (n.resource != null && (n.resource.collection() || !n.children.isEmpty())) {
                roots.add(n);
                continue;
            }
            Node copy = rest.children.computeIfAbsent(child.getKey(), k -> new Node());
            copy.resource = n.resource;
            split(n, copy, roots);
        }
        rest.children.values().removeIf(n -> n.resource == null && n.children.isEmpty());
    }

    private static void children(Node node, String indent, PrintWriter out) {
        List<Map.Entry<String, Node>> entries = node.sorted();
        for (int i = 0; i < entries.size(); i++) {
            boolean last = i == entries.size() - 1;
            String name = decode(entries.get(i).getKey());
            Node child = entries.get(i).getValue();
            String line = indent + (last ? "\u2514\u2500\u2500 " : "\u251c\u2500\u2500 ") + name;
            boolean folder = child.resource == null ? !child.children.isEmpty() : child.resource.collection();
            out.println(line + (folder ? "/" : "") + (child.resource == null ? "" : describe(child.resource, name)));
            children(child, indent + (last ? "    " : "\u2502   "), out);
        }
    }

    /** "  (size, type, modified)", then the title when it tells more than the name shown. */
    private static String describe(Resource r, String shown) {
        String facts = "  (" + Listing.size(r.size()) + ", " + Listing.type(r) + ", " + Listing.modified(r) + ")";
        String title = r.title();
        boolean redundant = title == null
                || title.equals(shown)
                || title.equals(r.name())
                || title.endsWith("/" + shown)
                || title.endsWith("/" + r.name());
        return redundant ? facts : facts + "  \"" + title + "\"";
    }

    /** "demo://items/0001" is "demo://items" then "0001"; "file:///a/b" is "file://" then "a", "b". */
    static List<String> segments(String uri) {
        List<String> out = new ArrayList<>();
        int scheme = uri.indexOf("://");
        String rest;
        if (scheme < 0) {
            int colon = uri.indexOf(':');
            out.add(uri.substring(0, colon + 1));
            rest = uri.substring(colon + 1);
        } else {
            int slash = uri.indexOf('/', scheme + 3);
            out.add(slash < 0 ? uri : uri.substring(0, slash));
            rest = slash < 0 ? "" : uri.substring(slash + 1);
        }
        for (String s : rest.split("/")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /** A path segment as people read it: percent-decoded as UTF-8 ("+" stays "+"), or as it is when that fails. */
    static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        try {
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return segment;
        }
    }
}
