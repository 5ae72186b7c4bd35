package dev.reservoir.core.model;

import java.time.Instant;
import java.util.List;

/**
 * Hints for clients about how to use or show a resource. All fields are optional (null or empty).
 *
 * @param audience who the resource is for; empty when not said
 * @param priority 0.0 (entirely optional) to 1.0 (effectively required), or null
 * @param lastModified when the resource last changed, or null; sent as ISO 8601
 */
public record Annotations(List<Role> audience, Double priority, Instant lastModified) {
    public Annotations {
        audience = audience == null ? List.of() : List.copyOf(audience);
        if (priority != null && !(priority >= 0.0 && priority <= 1.0)) {
            throw new IllegalArgumentException("priority must be between 0.0 and 1.0, not " + priority);
        }
    }

    /** No annotations. */
    public static final Annotations NONE = new Annotations(List.of(), null, null);

    /** Whether nothing is set. */
    public boolean isEmpty() {
        return audience.isEmpty() && priority == null && lastModified == null;
    }

    public Annotations withLastModified(Instant instant) {
        return new Annotations(audience, priority, instant);
    }

    public Annotations withPriority(Double value) {
        return new Annotations(audience, value, lastModified);
    }

    public Annotations withAudience(List<Role> roles) {
        return new Annotations(roles, priority, lastModified);
    }
}
