package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.model.Resource;
import java.io.IOException;

/**
 * tools/list and tools/call for the tools bridge: the served resources as three tools for hosts
 * that use tools only. Results are written in the negotiated revision's tools format.
 */
final class ToolMethods {

    private final ServerSettings settings;
    private final ResourceTools tools;

    ToolMethods(ServerSettings settings, ResourceTools tools) {
        this.settings = settings;
        this.tools = tools;
    }

    JsonWritable list(RequestContext ctx, ObjectNode params) {
        String cursor = Params.optionalString(params, "cursor");
        if (cursor != null) {
            // All three tools fit one page: no cursor of ours can name a later one.
            throw McpException.invalidParams("Invalid params: 'cursor' is not one this server gave");
        }
        boolean titles = ctx.revision().hasTitles();
        boolean annotations = ctx.revision().hasToolAnnotations();
        return ctx.result(settings.cacheHint(), g -> {
            g.writeArrayFieldStart("tools");
            for (ToolDefinitions.Definition tool : ToolDefinitions.ALL) {
                g.writeStartObject();
                g.writeStringField("name", tool.name());
                if (titles) {
                    g.writeStringField("title", tool.title());
                }
                g.writeStringField("description", tool.description());
                g.writeFieldName("inputSchema");
                g.writeTree(tool.inputSchema());
                if (annotations) {
                    g.writeObjectFieldStart("annotations");
                    g.writeBooleanField("readOnlyHint", true);
                    g.writeBooleanField("openWorldHint", false);
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        });
    }

    JsonWritable call(RequestContext ctx, ObjectNode params) {
        String name = Params.requiredString(params, "name");
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw McpException.invalidParams("Invalid params: 'arguments' must be an object");
        }
        ObjectNode args = arguments instanceof ObjectNode o ? o : JsonNodeFactory.instance.objectNode();
        dev.reservoir.server.spi.CallContext call = ProviderCalls.of(ctx);
        ToolResult result =
                switch (name) {
                    case ToolDefinitions.LIST -> tools.list(args, call);
                    case ToolDefinitions.READ -> tools.read(args, call);
                    case ToolDefinitions.SEARCH -> tools.search(args, call);
                    default ->
                        throw McpException.invalidParams("Invalid params: unknown tool '" + name + "'; this server has "
                                + String.join(", ", ToolDefinitions.names()));
                };
        boolean links = ctx.revision().hasResourceLinks();
        return ctx.result(null, g -> {
            g.writeArrayFieldStart("content");
            for (ToolResult.Item item : result.content()) {
                write(g, item, links, ctx);
            }
            g.writeEndArray();
            if (result.isError()) {
                g.writeBooleanField("isError", true);
            }
        });
    }

    private static void write(JsonGenerator g, ToolResult.Item item, boolean links, RequestContext ctx)
            throws IOException {
        g.writeStartObject();
        switch (item) {
            case ToolResult.Text t -> {
                g.writeStringField("type", "text");
                g.writeStringField("text", t.text());
            }
            case ToolResult.Link l
            when links -> {
                Resource r = l.resource();
                g.writeStringField("type", "resource_link");
                g.writeStringField("uri", r.uri());
                g.writeStringField("name", r.name());
                if (r.title() != null) {
                    g.writeStringField("title", r.title());
                }
                if (r.description() != null) {
                    g.writeStringField("description", r.description());
                }
                if (r.mimeType() != null) {
                    g.writeStringField("mimeType", r.mimeType());
                }
                if (r.size() != null) {
                    g.writeNumberField("size", r.size());
                }
            }
            case ToolResult.Link l -> {
                g.writeStringField("type", "text");
                g.writeStringField("text", ResourceTools.line(l.resource()));
            }
            case ToolResult.Embedded e -> {
                g.writeStringField("type", "resource");
                g.writeObjectFieldStart("resource");
                g.writeStringField("uri", e.uri());
                if (e.mimeType() != null) {
                    g.writeStringField("mimeType", e.mimeType());
                }
                if (e.text() != null) {
                    g.writeStringField("text", e.text());
                } else {
                    g.writeStringField("blob", e.blob());
                }
                g.writeEndObject();
            }
        }
        g.writeEndObject();
    }
}
