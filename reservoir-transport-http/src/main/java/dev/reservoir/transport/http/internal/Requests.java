package dev.reservoir.transport.http.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reading a request: its body within the size limit, decoded, and its headers. Both endpoints
 * read their POSTs here, so the 413 and 400 answers for a body that is too large or unreadable
 * are given in one place.
 */
final class Requests {

    private static final Logger log = LoggerFactory.getLogger(Requests.class);

    /** The body is larger than the limit. */
    static final class TooLarge extends Exception {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();

    private Requests() {}

    /**
     * Reads and decodes the body as a JSON-RPC frame, or answers the request itself (see
     * {@link #readBody}) and returns null. An undecodable frame comes back as
     * {@link Decoded.Invalid}: the endpoint decides whether it is answered with
     * {@link Http#unreadable}.
     */
    static Decoded readFrame(HttpExchange exchange, int max) {
        byte[] body = readBody(exchange, max);
        return body == null ? null : CODEC.decode(body);
    }

    /**
     * Reads the whole body, or answers the request itself and returns null: 413 when the body is
     * longer than {@code max} bytes (found out without reading it all), 400 when it cannot be read
     * (malformed chunked encoding, or the client stopped sending half-way).
     */
    private static byte[] readBody(HttpExchange exchange, int max) {
        try {
            return body(exchange, max);
        } catch (TooLarge e) {
            Http.fail(
                    exchange,
                    413,
                    null,
                    "Request too large: the body is longer than this server's limit of " + max + " bytes");
        } catch (IOException e) {
            // The client's framing is at fault, not the server: no stack trace, not even in the log.
            log.debug("Could not read a request body: {}", e.toString());
            Http.fail(
                    exchange,
                    400,
                    null,
                    "Bad request: the body could not be read (malformed chunked encoding, or it ended early)");
        }
        return null;
    }

    /** Reads the whole body, refusing one longer than {@code max} bytes without reading it all. */
    static byte[] body(HttpExchange exchange, int max) throws IOException, TooLarge {
        long declared = exchange.contentLength();
        if (declared > max) {
            throw new TooLarge();
        }
        try (InputStream in = exchange.body()) {
            if (declared >= 0) {
                // Its length is known: one array of that size, rather than reading on to the end
                // of the body in 8 KiB pieces and copying them together.
                byte[] bytes = in.readNBytes((int) declared);
                if (bytes.length < declared) {
                    throw new java.io.EOFException("the body ended before its Content-Length");
                }
                return bytes;
            }
            byte[] bytes = in.readNBytes(max + 1);
            if (bytes.length > max) {
                throw new TooLarge();
            }
            return bytes;
        }
    }

    /** Cuts a reader's connection (a replaced or too slow SSE reader): its blocked write fails. */
    static Runnable aborter(HttpExchange exchange) {
        return () -> exchange.fail(new IOException("the SSE reader was replaced or fell too far behind"));
    }
}
