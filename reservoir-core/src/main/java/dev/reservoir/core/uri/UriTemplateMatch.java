package dev.reservoir.core.uri;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The variables of a URI that matched a template: {@code variables} holds every defined variable
 * percent-decoded as UTF-8 (list values joined with ","), {@code lists} the list values of exploded
 * variables, and {@code raws} every defined variable as it was in the URI, still percent-encoded (a
 * value whose bytes are not UTF-8, under {@link ValueCheck#PATH_BYTES}, is in {@code raws} only);
 * immutable, never null.
 */
public record UriTemplateMatch(
        UriTemplate template,
        Map<String, String> variables,
        Map<String, List<String>> lists,
        Map<String, String> raws) {

    /** Copies the maps, keeping their order (the order in which variables first appear in the template). */
    public UriTemplateMatch {
        Objects.requireNonNull(template, "template");
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        Map<String, List<String>> copy = new LinkedHashMap<>();
        lists.forEach((name, values) -> copy.put(name, List.copyOf(values)));
        lists = Collections.unmodifiableMap(copy);
        raws = Collections.unmodifiableMap(new LinkedHashMap<>(raws));
    }

    /** A match without raw values (they are then the decoded ones). */
    public UriTemplateMatch(UriTemplate template, Map<String, String> variables, Map<String, List<String>> lists) {
        this(template, variables, lists, variables);
    }

    /** The decoded value of {@code name}, or empty when the URI left it undefined (or it is not UTF-8). */
    public Optional<String> get(String name) {
        return Optional.ofNullable(variables.get(name));
    }

    /** The list value of {@code name}; a one-element list for a scalar; an empty list when undefined. */
    public List<String> list(String name) {
        List<String> values = lists.get(name);
        if (values != null) {
            return values;
        }
        String value = variables.get(name);
        return value == null ? List.of() : List.of(value);
    }

    /** The value of {@code name} as the URI has it, still percent-encoded; empty when undefined. */
    public Optional<String> raw(String name) {
        return Optional.ofNullable(raws.get(name));
    }

    /** The percent-decoded bytes of {@code name}, whatever their encoding; empty when undefined. */
    public Optional<byte[]> bytes(String name) {
        return raw(name).map(VariableDecoder::percentDecodeBytes);
    }
}
