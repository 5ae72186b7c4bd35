package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.CompleteResult;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.core.uri.UriTemplateException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The template forms' server side: the templates, completion as people type, and expansion. */
final class Templates {

    /** Templates shown (a server with more is unusual; the page says when some were left out). */
    static final int MAX_TEMPLATES = 1000;

    private final Link link;

    Templates(Link link) {
        this.link = link;
    }

    ObjectNode list() {
        List<ResourceTemplate> all =
                link.call(c -> c.templates().limit(MAX_TEMPLATES + 1).toList());
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        ArrayNode templates = out.putArray("templates");
        all.stream().limit(MAX_TEMPLATES).forEach(t -> templates.add(Json.template(t)));
        out.put("more", all.size() > MAX_TEMPLATES);
        out.put("completions", link.current().server().capabilities().completions());
        return out;
    }

    /**
     * Suggestions for one variable: {@code template}, {@code variable}, {@code value} typed so far,
     * and {@code context}, the values of the template's other variables.
     */
    ObjectNode complete(JsonNode body) {
        String template = Api.required(body.path("template").asText(""), "template");
        String variable = Api.required(body.path("variable").asText(""), "variable");
        String value = body.path("value").asText("");
        Map<String, String> context = new LinkedHashMap<>();
        body.path("context").properties().forEach(e -> {
            if (!e.getKey().equals(variable) && !e.getValue().asText("").isEmpty()) {
                context.put(e.getKey(), e.getValue().asText());
            }
        });
        CompleteResult result = link.call(c -> c.complete(template, variable, value, context));
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        ArrayNode values = out.putArray("values");
        result.values().forEach(values::add);
        if (result.total() != null) {
            out.put("total", result.total());
        }
        return out.put("hasMore", result.hasMore());
    }

    /** The URI a template names with these {@code values} (RFC 6570). */
    ObjectNode expand(JsonNode body) {
        String template = Api.required(body.path("template").asText(""), "template");
        Map<String, String> values = new LinkedHashMap<>();
        body.path("values")
                .properties()
                .forEach(e -> values.put(e.getKey(), e.getValue().asText()));
        try {
            return JsonNodeFactory.instance
                    .objectNode()
                    .put("uri", UriTemplate.parse(template).expand(values));
        } catch (UriTemplateException e) {
            throw new IllegalArgumentException("the template cannot be expanded: " + e.getMessage());
        }
    }
}
