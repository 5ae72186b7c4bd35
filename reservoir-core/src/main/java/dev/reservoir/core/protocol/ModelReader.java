package dev.reservoir.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Icon;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.model.Role;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads model objects from JSON, accepting the fields of every revision. Lenient about fields it
 * does not know and about malformed optional fields (they are dropped); strict about required ones.
 */
public final class ModelReader {

    private ModelReader() {}

    /** Reads a Resource; throws IllegalArgumentException when uri or name is missing or invalid. */
    public static Resource resource(JsonNode node) {
        String uri = requiredText(node, "uri");
        String name = node.path("name").isTextual() ? node.path("name").textValue() : uri;
        return Resource.builder(uri, name)
                .title(text(node, "title"))
                .description(text(node, "description"))
                .mimeType(text(node, "mimeType"))
                .size(
                        node.path("size").canConvertToLong()
                                        && node.path("size").isIntegralNumber()
                                        && node.path("size").longValue() >= 0
                                ? node.path("size").longValue()
                                : null)
                .icons(icons(node.get("icons")))
                .annotations(annotations(node.get("annotations")))
                .meta(node.get("_meta") instanceof ObjectNode meta ? meta : null)
                .isCollection(
                        node.path("isCollection").isBoolean()
                                ? node.path("isCollection").booleanValue()
                                : null)
                .build();
    }

    /** Reads a ResourceTemplate. */
    public static ResourceTemplate template(JsonNode node) {
        String template = requiredText(node, "uriTemplate");
        String name = node.path("name").isTextual() ? node.path("name").textValue() : template;
        return ResourceTemplate.builder(template, name)
                .title(text(node, "title"))
                .description(text(node, "description"))
                .mimeType(text(node, "mimeType"))
                .icons(icons(node.get("icons")))
                .annotations(annotations(node.get("annotations")))
                .meta(node.get("_meta") instanceof ObjectNode meta ? meta : null)
                .build();
    }

    /** Reads an Implementation, or returns null when the node is not one. */
    public static Implementation implementation(JsonNode node) {
        if (node == null || !node.path("name").isTextual()) {
            return null;
        }
        String version = node.path("version").isTextual() ? node.path("version").textValue() : "";
        return new Implementation(node.path("name").textValue(), version, text(node, "title"));
    }

    /** Reads annotations, dropping malformed entries. */
    public static Annotations annotations(JsonNode node) {
        if (node == null || !node.isObject()) {
            return Annotations.NONE;
        }
        List<Role> audience = new ArrayList<>();
        for (JsonNode role : node.path("audience")) {
            if ("user".equals(role.asText())) {
                audience.add(Role.USER);
            } else if ("assistant".equals(role.asText())) {
                audience.add(Role.ASSISTANT);
            }
        }
        JsonNode p = node.get("priority");
        Double priority =
                p != null && p.isNumber() && p.doubleValue() >= 0 && p.doubleValue() <= 1 ? p.doubleValue() : null;
        return new Annotations(audience, priority, instant(text(node, "lastModified")));
    }

    /** Parses an ISO 8601 instant with an offset or Z, or returns null. */
    public static Instant instant(String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(value);
            } catch (DateTimeParseException again) {
                return null;
            }
        }
    }

    private static List<Icon> icons(JsonNode node) {
        List<Icon> icons = new ArrayList<>();
        if (node == null || !node.isArray()) {
            return icons;
        }
        for (JsonNode icon : node) {
            if (!icon.path("src").isTextual()) {
                continue;
            }
            List<String> sizes = new ArrayList<>();
            icon.path("sizes").forEach(s -> sizes.add(s.asText()));
            String theme = text(icon, "theme");
            if (theme != null && !theme.equals("light") && !theme.equals("dark")) {
                theme = null;
            }
            icons.add(new Icon(icon.path("src").textValue(), text(icon, "mimeType"), sizes, theme));
        }
        return icons;
    }

    private static String requiredText(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" is required and must be a string");
        }
        return value.textValue();
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.textValue() : null;
    }
}
