package dev.reservoir.core.model;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.uri.UriValidator;
import java.util.List;
import java.util.Objects;

/**
 * A resource a server can read: its URI and metadata. Immutable; build one with
 * {@link #builder(String, String)} and change one with {@link #toBuilder()}.
 *
 * @param uri an absolute RFC 3986 URI
 * @param name the programmatic name (shown when there is no title)
 * @param title optional display name, or null
 * @param description optional description, or null
 * @param mimeType optional MIME type, or null
 * @param size optional raw size in bytes (before base64), or null
 * @param icons icons; empty when none
 * @param annotations never null ({@link Annotations#NONE} when none)
 * @param meta optional {@code _meta} object, or null
 * @param isCollection SEP-2093: true for a collection (a directory), false for a leaf, null when unknown
 */
public record Resource(
        String uri,
        String name,
        String title,
        String description,
        String mimeType,
        Long size,
        List<Icon> icons,
        Annotations annotations,
        ObjectNode meta,
        Boolean isCollection) {

    public Resource {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(name, "name");
        UriValidator.validate(uri);
        if (size != null && size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
        icons = icons == null ? List.of() : List.copyOf(icons);
        annotations = annotations == null ? Annotations.NONE : annotations;
        meta = meta == null ? null : meta.deepCopy();
    }

    /** The {@code _meta} object (a copy; changing it changes nothing here), or null. */
    @Override
    public ObjectNode meta() {
        return meta == null ? null : meta.deepCopy();
    }

    /** Whether this is a collection (false when unknown). */
    public boolean collection() {
        return Boolean.TRUE.equals(isCollection);
    }

    public static Builder builder(String uri, String name) {
        return new Builder(uri, name);
    }

    public Builder toBuilder() {
        return new Builder(uri, name)
                .title(title)
                .description(description)
                .mimeType(mimeType)
                .size(size)
                .icons(icons)
                .annotations(annotations)
                .meta(meta)
                .isCollection(isCollection);
    }

    /** Builds a {@link Resource}; not thread-safe. */
    public static final class Builder {
        private String uri;
        private String name;
        private String title;
        private String description;
        private String mimeType;
        private Long size;
        private List<Icon> icons = List.of();
        private Annotations annotations = Annotations.NONE;
        private ObjectNode meta;
        private Boolean isCollection;

        private Builder(String uri, String name) {
            this.uri = uri;
            this.name = name;
        }

        public Builder uri(String value) {
            this.uri = value;
            return this;
        }

        public Builder name(String value) {
            this.name = value;
            return this;
        }

        public Builder title(String value) {
            this.title = value;
            return this;
        }

        public Builder description(String value) {
            this.description = value;
            return this;
        }

        public Builder mimeType(String value) {
            this.mimeType = value;
            return this;
        }

        public Builder size(Long value) {
            this.size = value;
            return this;
        }

        public Builder icons(List<Icon> value) {
            this.icons = value;
            return this;
        }

        public Builder annotations(Annotations value) {
            this.annotations = value;
            return this;
        }

        public Builder meta(ObjectNode value) {
            this.meta = value;
            return this;
        }

        public Builder isCollection(Boolean value) {
            this.isCollection = value;
            return this;
        }

        public Resource build() {
            return new Resource(uri, name, title, description, mimeType, size, icons, annotations, meta, isCollection);
        }
    }
}
