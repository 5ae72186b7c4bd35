package dev.reservoir.core.model;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.uri.UriTemplate;
import java.util.List;
import java.util.Objects;

/**
 * A family of resources named by an RFC 6570 URI template. Immutable.
 *
 * @param uriTemplate the template text (parsed and checked on construction)
 * @param mimeType optional MIME type shared by the matching resources, or null
 */
public record ResourceTemplate(
        String uriTemplate,
        String name,
        String title,
        String description,
        String mimeType,
        List<Icon> icons,
        Annotations annotations,
        ObjectNode meta) {

    public ResourceTemplate {
        Objects.requireNonNull(uriTemplate, "uriTemplate");
        Objects.requireNonNull(name, "name");
        UriTemplate.parse(uriTemplate);
        icons = icons == null ? List.of() : List.copyOf(icons);
        annotations = annotations == null ? Annotations.NONE : annotations;
        meta = meta == null ? null : meta.deepCopy();
    }

    @Override
    public ObjectNode meta() {
        return meta == null ? null : meta.deepCopy();
    }

    public static Builder builder(String uriTemplate, String name) {
        return new Builder(uriTemplate, name);
    }

    public Builder toBuilder() {
        return new Builder(uriTemplate, name)
                .title(title)
                .description(description)
                .mimeType(mimeType)
                .icons(icons)
                .annotations(annotations)
                .meta(meta);
    }

    /** Builds a {@link ResourceTemplate}; not thread-safe. */
    public static final class Builder {
        private final String uriTemplate;
        private final String name;
        private String title;
        private String description;
        private String mimeType;
        private List<Icon> icons = List.of();
        private Annotations annotations = Annotations.NONE;
        private ObjectNode meta;

        private Builder(String uriTemplate, String name) {
            this.uriTemplate = uriTemplate;
            this.name = name;
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

        public ResourceTemplate build() {
            return new ResourceTemplate(uriTemplate, name, title, description, mimeType, icons, annotations, meta);
        }
    }
}
