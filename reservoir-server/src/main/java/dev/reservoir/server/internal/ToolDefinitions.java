package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.List;

/** The tools of the tools bridge: names, descriptions and input schemas, as tools/list gives them. */
final class ToolDefinitions {

    static final String LIST = "list_resources";
    static final String READ = "read_resource";
    static final String SEARCH = "search_resources";

    /** One tool. */
    record Definition(String name, String title, String description, JsonNode inputSchema) {}

    static final List<Definition> ALL = List.of(
            new Definition(
                    LIST,
                    "List resources",
                    "Lists the resources this server serves (files, folders, records), one page at a time, each"
                            + " with its URI, name, type and size. Give 'collection' (the URI of a folder or other"
                            + " collection) to list what it holds, or 'prefix' to list only URIs that start with it;"
                            + " pass the returned 'cursor' to get the next page.",
                    schema(
                            """
                            {"type": "object", "properties": {
                              "prefix": {"type": "string", "description": "Only resources whose URI starts with this."},
                              "collection": {"type": "string", "description": "List the children of this collection URI."},
                              "cursor": {"type": "string", "description": "The cursor a previous call returned, for the next page."}
                            }}""")),
            new Definition(
                    READ,
                    "Read a resource",
                    "Reads one resource by its URI (from list_resources or search_resources) and returns its"
                            + " content. At most 'maxBytes' bytes are returned (default 65536); when the content"
                            + " is longer it is cut, and a note says so and how much there is.",
                    schema(
                            """
                            {"type": "object", "properties": {
                              "uri": {"type": "string", "description": "The resource's URI."},
                              "maxBytes": {"type": "integer", "minimum": 1, "maximum": 4194304,
                                "description": "The most bytes of content to return (default 65536)."}
                            }, "required": ["uri"]}""")),
            new Definition(
                    SEARCH,
                    "Search resources",
                    "Finds resources whose name, title, description or URI contains 'query' (ignoring case)."
                            + " With 'content': true it also searches inside text files where the server can"
                            + " (served folders), and shows the matching lines.",
                    schema(
                            """
                            {"type": "object", "properties": {
                              "query": {"type": "string", "minLength": 1, "description": "The text to look for."},
                              "content": {"type": "boolean", "description": "Also search inside text content (default false)."},
                              "prefix": {"type": "string", "description": "Only resources whose URI starts with this."},
                              "limit": {"type": "integer", "minimum": 1, "maximum": 200,
                                "description": "The most results (default 50)."}
                            }, "required": ["query"]}""")));

    private ToolDefinitions() {}

    static List<String> names() {
        return ALL.stream().map(Definition::name).toList();
    }

    private static JsonNode schema(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
