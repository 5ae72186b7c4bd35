package dev.reservoir.server.internal;

import dev.reservoir.core.model.Resource;
import java.util.List;

/**
 * What a bridged tool returns, before a revision writes it: text, links to resources and embedded
 * resources. An error result ({@code isError}) is for what the model can correct (a bad argument, a
 * URI that does not exist); protocol errors stay JSON-RPC errors.
 */
record ToolResult(List<Item> content, boolean isError) {

    ToolResult {
        content = List.copyOf(content);
    }

    static ToolResult error(String message) {
        return new ToolResult(List.of(new Text(message)), true);
    }

    /** One content item. */
    sealed interface Item {}

    record Text(String text) implements Item {}

    /** A {@code resource_link} (2025-06-18 on); a line of text where a revision has none. */
    record Link(Resource resource) implements Item {}

    /** An embedded resource: text, or a blob in base64. */
    record Embedded(String uri, String mimeType, String text, String blob) implements Item {}
}
