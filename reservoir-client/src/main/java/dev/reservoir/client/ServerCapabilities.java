package dev.reservoir.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.reservoir.core.protocol.Sep2093;

/**
 * What the server said it can do, as far as resources go, plus the whole capabilities object.
 *
 * @param resources the server has resources at all
 * @param subscribe it accepts subscriptions to single resources
 * @param listChanged it tells clients when the list of resources changes
 * @param completions it completes template arguments
 * @param sep2093 it speaks SEP-2093 ({@code resources/metadata}, collections), and this client opted in
 * @param raw the capabilities object as sent; never null
 */
public record ServerCapabilities(
        boolean resources, boolean subscribe, boolean listChanged, boolean completions, boolean sep2093, JsonNode raw) {

    public ServerCapabilities {
        raw = raw == null ? JsonNodeFactory.instance.objectNode() : raw.deepCopy();
    }

    /** The capabilities object as sent (a copy). */
    @Override
    public JsonNode raw() {
        return raw.deepCopy();
    }

    /** Reads a capabilities object; {@code clientOptedIn} says whether this client declared SEP-2093. */
    public static ServerCapabilities of(JsonNode node, boolean clientOptedIn) {
        JsonNode caps = node == null || !node.isObject() ? JsonNodeFactory.instance.objectNode() : node;
        JsonNode resources = caps.get("resources");
        boolean sep = clientOptedIn && Sep2093.declares(caps, Sep2093.EXTENSION_ID);
        return new ServerCapabilities(
                resources != null && resources.isObject(),
                resources != null && resources.path("subscribe").asBoolean(false),
                resources != null && resources.path("listChanged").asBoolean(false),
                caps.has("completions"),
                sep,
                caps);
    }
}
