package dev.reservoir.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks a config file against the settings {@code serve} knows, before anything is read from it:
 * every unknown key (with the nearest known one as a suggestion) and every value of the wrong kind
 * is reported at once, each with its own line.
 */
final class ConfigCheck {

    /** What a setting holds. */
    private enum Kind {
        TEXT,
        LIST,
        BOOLEAN,
        SIZE,
        DURATION,
        SECTION
    }

    private static final Map<String, Kind> TOP = ordered(
            "name", Kind.TEXT,
            "paths", Kind.LIST,
            "exclude", Kind.LIST,
            "hidden", Kind.BOOLEAN,
            "gitignore", Kind.BOOLEAN,
            "followSymlinks", Kind.BOOLEAN,
            "maxReadSize", Kind.SIZE,
            "stdio", Kind.BOOLEAN,
            "tools", Kind.BOOLEAN,
            "skills", Kind.TEXT,
            "http", Kind.SECTION,
            "replicaId", Kind.TEXT,
            "bus", Kind.TEXT,
            "busPrefix", Kind.TEXT,
            "cursorKeyEnv", Kind.TEXT,
            "cursorKeyFile", Kind.TEXT);
    private static final Map<String, Kind> HTTP = ordered(
            "listen", Kind.TEXT,
            "allowHosts", Kind.LIST,
            "allowOrigins", Kind.LIST,
            "tokenEnv", Kind.TEXT,
            "tokenFile", Kind.TEXT,
            "tls", Kind.SECTION,
            "maxRequestSize", Kind.SIZE,
            "ssePoll", Kind.DURATION);
    private static final Map<String, Kind> TLS =
            ordered("keystore", Kind.TEXT, "passwordEnv", Kind.TEXT, "passwordFile", Kind.TEXT);
    private static final Map<String, Map<String, Kind>> SECTIONS = Map.of("", TOP, "/http", HTTP, "/http/tls", TLS);

    private final Map<String, Integer> lines;
    private final List<String> problems = new ArrayList<>();
    private final java.util.Set<String> providerSections;

    private ConfigCheck(Map<String, Integer> lines, java.util.Set<String> providerSections) {
        this.lines = lines;
        this.providerSections = providerSections;
    }

    /**
     * The tree of a YAML document, checked.
     *
     * @throws IllegalArgumentException naming the file, and each problem with its line
     */
    static JsonNode read(ObjectMapper yaml, String text, String file) throws IOException {
        return read(yaml, text, file, java.util.Set.of());
    }

    /** The same, leaving the top-level {@code providerSections} to the provider kinds that read them. */
    static JsonNode read(ObjectMapper yaml, String text, String file, java.util.Set<String> providerSections)
            throws IOException {
        Map<String, Integer> lines = lines(yaml, text);
        JsonNode tree = yaml.readTree(text);
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            return null;
        }
        ConfigCheck check = new ConfigCheck(lines, providerSections);
        if (!tree.isObject()) {
            check.problems.add("line 1: the file must hold settings (name: value), not a " + tree.getNodeType());
        } else {
            check.section("", tree);
        }
        if (check.problems.size() == 1) {
            throw new IllegalArgumentException("config file " + file + ", " + check.problems.getFirst());
        }
        if (!check.problems.isEmpty()) {
            throw new IllegalArgumentException("config file " + file + " has " + check.problems.size()
                    + " mistakes:\n  " + String.join("\n  ", check.problems));
        }
        return tree;
    }

    /** The line of every key of a YAML document, by JSON pointer ("/http/listen", "/repositories/0/path"). */
    static Map<String, Integer> lines(ObjectMapper yaml, String text) throws IOException {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser p = yaml.getFactory().createParser(text)) {
            lines(p, lines);
        }
        return lines;
    }

    /** The line of every key, by JSON pointer ("/http/listen"): where the key itself is written. */
    private static void lines(JsonParser p, Map<String, Integer> lines) throws IOException {
        for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
            if (t == JsonToken.FIELD_NAME) {
                lines.put(
                        p.getParsingContext().pathAsPointer().toString(),
                        p.currentTokenLocation().getLineNr());
            }
        }
    }

    private void section(String at, JsonNode node) {
        Map<String, Kind> known = SECTIONS.get(at);
        node.fieldNames().forEachRemaining(key -> {
            String pointer = at + "/" + key;
            if (at.isEmpty() && providerSections.contains(key)) {
                entries(pointer, key, node.get(key)); // each entry's settings are checked by its kind
                return;
            }
            Kind kind = known.get(key);
            if (kind == null) {
                String near = nearest(key, known.keySet());
                problems.add(line(pointer) + "unknown setting '" + key + "'"
                        + (near != null
                                ? "; did you mean '" + near + "'?"
                                : " (" + (at.isEmpty() ? "" : at.substring(1).replace('/', '.') + " ") + "settings: "
                                        + String.join(", ", known.keySet()) + ")"));
                return;
            }
            value(pointer, key, kind, node.get(key));
        });
    }

    /** A provider kind's section: a list of entries, each its settings ({@code - {path: ./repo}}), or one entry. */
    private void entries(String pointer, String key, JsonNode value) {
        boolean entries = value.isNull() || value.isArray() || value.isObject();
        for (JsonNode entry : value.isArray() ? value : MissingNode.getInstance()) {
            entries &= entry.isObject();
        }
        if (!entries) {
            problems.add(line(pointer) + key + " must be a list of entries, each with its settings, as"
                    + " \"- {name: value}\" on the lines below it");
        }
    }

    private void value(String pointer, String key, Kind kind, JsonNode value) {
        if (value.isNull()) {
            return; // "key:" with nothing: not set
        }
        String text = value.isValueNode() ? value.asText() : null;
        switch (kind) {
            case SECTION -> {
                if (value.isObject()) {
                    section(pointer, value);
                } else {
                    problems.add(line(pointer) + key + " must hold settings (name: value) on the lines below it");
                }
            }
            case BOOLEAN -> {
                if (!value.isBoolean() && !"true".equalsIgnoreCase(text) && !"false".equalsIgnoreCase(text)) {
                    problems.add(line(pointer) + key + " must be true or false, not '" + value.asText() + "'");
                }
            }
            case LIST -> {
                boolean texts = value.isArray() ? allValues(value) : value.isValueNode();
                if (!texts) {
                    problems.add(line(pointer) + key + " must be a list of text, as [\"a\", \"b\"]");
                }
            }
            case TEXT -> {
                if (!value.isValueNode()) {
                    problems.add(line(pointer) + key + " must be one value, not a list or section");
                }
            }
            case SIZE -> convert(pointer, key, text, ByteSizeConverter::parse);
            case DURATION -> convert(pointer, key, text, new DurationConverter()::convert);
        }
    }

    private void convert(String pointer, String key, String text, java.util.function.Function<String, ?> parse) {
        try {
            if (text == null) {
                throw new IllegalArgumentException("'" + key + "' must be one value");
            }
            parse.apply(text);
        } catch (RuntimeException e) {
            problems.add(line(pointer) + key + ": " + e.getMessage());
        }
    }

    private static boolean allValues(JsonNode array) {
        for (JsonNode item : array) {
            if (!item.isValueNode()) {
                return false;
            }
        }
        return true;
    }

    private String line(String pointer) {
        Integer line = lines.get(pointer);
        return line == null || line < 1 ? "" : "line " + line + ": ";
    }

    /** The known key closest to a mistyped one (case aside, or at most two edits apart), or null. */
    static String nearest(String key, Iterable<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = distance(key.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return bestDistance <= Math.max(1, Math.min(2, key.length() / 3)) ? best : null;
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static Map<String, Kind> ordered(Object... keysAndKinds) {
        Map<String, Kind> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndKinds.length; i += 2) {
            map.put((String) keysAndKinds[i], (Kind) keysAndKinds[i + 1]);
        }
        return map;
    }
}
