package dev.reservoir.console.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.reservoir.client.ServerDescription;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.core.uri.UriTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * How the console's API writes model objects: as the newest revision with SEP-2093 writes them on
 * the wire, so the page shows every field a server can send (title, icons, annotations,
 * {@code _meta}, {@code isCollection}). Thread-safe.
 */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final WireFormat WIRE = new WireFormat(ProtocolRevision.LATEST, true);

    private Json() {}

    interface Writer {
        void write(JsonGenerator g) throws IOException;
    }

    private static ObjectNode tree(Writer writer) {
        try (TokenBuffer buffer = new TokenBuffer(MAPPER, false)) {
            writer.write(buffer);
            JsonNode node = MAPPER.readTree(buffer.asParser());
            return (ObjectNode) node;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode resource(Resource r) {
        return tree(g -> WIRE.writeResource(g, r));
    }

    /** A template, with the names of its variables (for the page's form). */
    static ObjectNode template(ResourceTemplate t) {
        ObjectNode node = tree(g -> WIRE.writeTemplate(g, t));
        ArrayNode names = node.putArray("variables");
        UriTemplate.parse(t.uriTemplate()).variableNames().forEach(names::add);
        return node;
    }

    static ObjectNode description(ServerDescription d) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("revision", d.revision().id());
        node.put("transport", d.transport().name().toLowerCase(java.util.Locale.ROOT));
        if (d.serverInfo() != null) {
            node.put("name", d.serverInfo().name());
            node.put("version", d.serverInfo().version());
            if (d.serverInfo().title() != null) {
                node.put("title", d.serverInfo().title());
            }
        }
        if (d.instructions() != null) {
            node.put("instructions", d.instructions());
        }
        ObjectNode caps = node.putObject("capabilities");
        caps.put("subscribe", d.capabilities().subscribe());
        caps.put("listChanged", d.capabilities().listChanged());
        caps.put("completions", d.capabilities().completions());
        caps.put("sep2093", d.capabilities().sep2093());
        node.set("raw", d.capabilities().raw());
        return node;
    }
}
