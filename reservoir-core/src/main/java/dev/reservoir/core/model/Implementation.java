package dev.reservoir.core.model;

import java.util.Objects;

/**
 * The name and version of a client or server implementation.
 *
 * @param title optional display name, or null
 */
public record Implementation(String name, String version, String title) {
    public Implementation {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
    }

    public static Implementation of(String name, String version) {
        return new Implementation(name, version, null);
    }
}
