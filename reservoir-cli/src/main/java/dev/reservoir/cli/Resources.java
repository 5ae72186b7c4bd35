package dev.reservoir.cli;

import dev.reservoir.client.McpClient;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Fetching resources for the client commands: all of them, a collection's children, or one. */
final class Resources {

    private Resources() {}

    /** The server offers no resources (a tools-only server, say): exit 7, in words. */
    static UnsupportedOperationException noneOffered() {
        return new UnsupportedOperationException("this server offers no resources");
    }

    /** The JSON-RPC code of an error the server answered with (0 when there is none). */
    static int code(McpException e) {
        JsonRpcError error = e.error(WireFormat.of(ProtocolRevision.LATEST));
        return error == null ? 0 : error.code();
    }

    /** Whether the server declares resources at all. */
    static boolean offered(McpClient client) {
        return client.server().capabilities().resources();
    }

    /**
     * Every resource; or, with a URI, that resource when it is not a collection, else its children
     * (SEP-2093), or without SEP-2093 the resources whose URI starts with it. A progress count shows
     * on a terminal after a second.
     */
    static List<Resource> list(McpClient client, String uri, PrintWriter err, Terminal terminal) {
        if (!offered(client)) {
            throw noneOffered();
        }
        try (Progress progress = Progress.start(err, terminal, "listing", "resources")) {
            Stream<Resource> stream;
            if (uri == null) {
                stream = client.resources();
            } else if (client.server().capabilities().sep2093()) {
                Resource one = client.metadata(uri);
                stream = one.collection() ? client.children(uri) : Stream.of(one);
            } else {
                stream = client.resources().filter(r -> r.uri().startsWith(uri));
            }
            List<Resource> all = new ArrayList<>();
            stream.forEach(r -> {
                all.add(r);
                progress.increment();
            });
            return all;
        } catch (McpException e) {
            // A server that declares resources but has no resources/list after all.
            if (code(e) == ErrorCodes.METHOD_NOT_FOUND) {
                throw noneOffered();
            }
            throw e;
        }
    }
}
