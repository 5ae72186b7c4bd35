package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.InFlight;
import java.io.IOException;

/**
 * What a handler knows about the request it answers: the wire format (revision and SEP-2093) and
 * the client's capabilities, which come from the session (session era) or from the request's own
 * {@code _meta} (stateless era), the connection's session, and the request in flight.
 *
 * @param serverInfo the server's name and version, which some revisions add to every result
 */
record RequestContext(
        WireFormat wire, JsonNode clientCapabilities, Implementation serverInfo, Session session, InFlight inFlight) {

    ProtocolRevision revision() {
        return wire.revision();
    }

    /** The body of a result object; the tail fields the revision needs are added after it. */
    @FunctionalInterface
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** A result object with the given fields, then resultType, cache hint and serverInfo as the revision wants. */
    JsonWritable result(CacheHint cache, Body body) {
        return result(cache, null, body);
    }

    JsonWritable result(CacheHint cache, ObjectNode meta, Body body) {
        return g -> {
            g.writeStartObject();
            body.write(g);
            wire.writeResultTail(g, cache, serverInfo, meta);
            g.writeEndObject();
        };
    }

    /** An empty result ({} plus what the revision adds). */
    JsonWritable empty() {
        return result(null, g -> {});
    }
}
