package dev.reservoir.core.uri;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The decoded variables of a URI that matched a template: {@code variables} holds every defined variable
 * (list values joined with ","), {@code lists} the list values of exploded variables; immutable, never null.
 */
public record UriTemplateMatch(UriTemplate template, Map<String, String> variables, Map<String, List<String>> lists) {

    /** Copies both maps, keeping their order (the order in which variables first appear in the template). */
    public UriTemplateMatch {
        Objects.requireNonNull(template, "template");
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        Map<String, List<String>> copy = new LinkedHashMap<>();
        lists.forEach((name, values) -> copy.put(name, List.copyOf(values)));
        lists = Collections.unmodifiableMap(copy);
    }

    /** The value of {@code name}, or empty when the URI left it undefined. */
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
}
