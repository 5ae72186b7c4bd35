package dev.reservoir.core.model;

import java.util.List;
import java.util.Objects;

/**
 * An icon a client may show next to a resource.
 *
 * @param src an https: or data: URI
 * @param mimeType optional MIME type override, or null
 * @param sizes sizes such as "48x48" or "any"; empty when not said
 * @param theme "light", "dark" or null
 */
public record Icon(String src, String mimeType, List<String> sizes, String theme) {
    public Icon {
        Objects.requireNonNull(src, "src");
        sizes = sizes == null ? List.of() : List.copyOf(sizes);
        if (theme != null && !theme.equals("light") && !theme.equals("dark")) {
            throw new IllegalArgumentException("icon theme must be \"light\" or \"dark\", not \"" + theme + "\"");
        }
    }

    public static Icon of(String src) {
        return new Icon(src, null, List.of(), null);
    }
}
