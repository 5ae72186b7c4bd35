package dev.reservoir.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The official JSON Schema of one protocol revision (shipped in this jar, from
 * modelcontextprotocol/modelcontextprotocol), made strict: objects that declare their properties
 * refuse others, so a field that does not exist in a revision (a title in 2024-11-05, say) is an
 * error. With SEP-2093 the Resource and contents types gain that SEP's fields. Thread-safe.
 */
public final class McpSchema {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, McpSchema> CACHE = new ConcurrentHashMap<>();

    private final ProtocolRevision revision;
    private final boolean sep2093;
    private final ObjectNode root;
    private final String defs;
    private final JsonSchemaFactory factory;
    private final Map<String, JsonSchema> compiled = new ConcurrentHashMap<>();

    private McpSchema(ProtocolRevision revision, boolean sep2093) {
        this.revision = revision;
        this.sep2093 = sep2093;
        ObjectNode schema = load(revision);
        this.defs = schema.has("$defs") ? "$defs" : "definitions";
        this.factory = JsonSchemaFactory.getInstance(
                defs.equals("$defs") ? SpecVersion.VersionFlag.V202012 : SpecVersion.VersionFlag.V7);
        ObjectNode definitions = (ObjectNode) schema.get(defs);
        if (sep2093) {
            addSep2093(definitions);
        }
        if (revision.hasTitleInUpdatedNotification()) {
            // The resources page of these revisions shows a title in notifications/resources/updated
            // (the schema's params object does not list it, but leaves other properties open).
            JsonNode params = definitions
                    .path("ResourceUpdatedNotification")
                    .path("properties")
                    .path("params");
            JsonNode target = params.has("$ref")
                    ? definitions.get(params.get("$ref").asText().replaceAll(".*/", ""))
                    : params;
            ((ObjectNode) target.get("properties")).putObject("title").put("type", "string");
        }
        strict(schema, false);
        this.root = schema;
    }

    /** The schema of a revision, without SEP-2093. */
    public static McpSchema of(ProtocolRevision revision) {
        return of(revision, false);
    }

    /** The schema of a revision, with SEP-2093's fields when asked. */
    public static McpSchema of(ProtocolRevision revision, boolean sep2093) {
        return CACHE.computeIfAbsent(revision + "/" + sep2093, k -> new McpSchema(revision, sep2093));
    }

    public ProtocolRevision revision() {
        return revision;
    }

    /** Whether the schema defines a type of this name. */
    public boolean defines(String definition) {
        return root.get(defs).has(definition);
    }

    /** Validates a value against one definition; returns the problems (empty when valid). */
    public List<String> validate(String definition, JsonNode value) {
        if (!defines(definition)) {
            throw new IllegalArgumentException("revision " + revision + " has no type " + definition);
        }
        JsonSchema schema = compiled.computeIfAbsent(definition, this::compile);
        Set<ValidationMessage> messages = schema.validate(value);
        List<String> problems = new ArrayList<>();
        for (ValidationMessage message : messages) {
            problems.add(definition + ": " + message.getMessage());
        }
        return problems;
    }

    private JsonSchema compile(String definition) {
        ObjectNode wrapper = root.deepCopy();
        wrapper.put("$ref", "#/" + defs + "/" + definition);
        return factory.getSchema(wrapper);
    }

    private static ObjectNode load(ProtocolRevision revision) {
        String path = "/mcp-schema/" + revision.id() + "/schema.json";
        try (InputStream in = McpSchema.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing " + path + " in reservoir-testkit");
            }
            return (ObjectNode) MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Adds additionalProperties:false to every object schema that lists properties and says nothing
     * about others. Members of allOf are left open, since each sees only part of the object.
     */
    private static void strict(JsonNode node, boolean inAllOf) {
        if (node instanceof ObjectNode object) {
            if (!inAllOf
                    && object.has("properties")
                    && !object.has("additionalProperties")
                    && !object.has("patternProperties")) {
                object.set("additionalProperties", BooleanNode.FALSE);
            }
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("properties") && field.getValue() instanceof ObjectNode props) {
                    props.forEach(child -> strict(child, false));
                } else {
                    strict(field.getValue(), field.getKey().equals("allOf"));
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(child -> strict(child, inAllOf));
        }
    }

    /**
     * SEP-2093: isCollection (seed form) and capabilities {list, subscribe} (draft form) on
     * Resource; contents carry every Resource field; resources/metadata.
     */
    private void addSep2093(ObjectNode definitions) {
        ObjectNode resourceProps = (ObjectNode) definitions.get("Resource").get("properties");
        resourceProps.putObject("isCollection").put("type", "boolean");
        ObjectNode capabilities = resourceProps.putObject("capabilities").put("type", "object");
        capabilities.putObject("properties").putObject("list").put("type", "boolean");
        capabilities.withObject("properties").putObject("subscribe").put("type", "boolean");
        for (String contents : List.of("TextResourceContents", "BlobResourceContents")) {
            ObjectNode props = (ObjectNode) definitions.get(contents).get("properties");
            resourceProps.properties().forEach(e -> {
                if (!props.has(e.getKey())) {
                    props.set(e.getKey(), e.getValue().deepCopy());
                }
            });
        }
        ObjectNode result = definitions.putObject("ReadResourceMetadataResult");
        result.put("type", "object");
        result.putArray("required").add("resource");
        ObjectNode props = result.putObject("properties");
        props.putObject("resource").put("$ref", "#/" + defs + "/Resource");
        props.putObject("_meta").put("type", "object");
        if (revision.hasResultType()) {
            props.putObject("resultType").put("type", "string");
            result.withArray("required").add("resultType");
        }
    }
}
