package dev.reservoir.client.internal;

import com.fasterxml.jackson.core.JsonParser;
import dev.reservoir.client.internal.io.Json;
import dev.reservoir.core.sse.SseReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;

/** Reading messages out of HTTP bodies: JSON bodies and SSE event data, streamed into the Rpc. */
public final class Messages {

    private Messages() {}

    /** Reads every message of a JSON body. */
    public static void readJson(InputStream body, Rpc rpc) throws IOException {
        try (JsonParser parser = Json.parser(body)) {
            while (MessageReader.read(parser, rpc::decoderFor, rpc::accept)) {
                // one value normally; keep going in case the server wrote several
            }
        }
    }

    /**
     * Reads one SSE event's data as a message when it is JSON.
     *
     * @return the data as text when it is not JSON (an {@code endpoint} event, say), "" when it is
     *     empty (a priming event), or null when it was a message and went to the Rpc
     */
    public static String readEvent(SseReader.Event event, Rpc rpc, int maxTextBytes) throws IOException {
        int first;
        do {
            first = event.read();
        } while (first == ' ' || first == '\t' || first == '\n' || first == '\r');
        if (first < 0) {
            return "";
        }
        InputStream data = new SequenceInputStream(new ByteArrayInputStream(new byte[] {(byte) first}), event);
        if (first != '{' && first != '[') {
            byte[] text = data.readNBytes(maxTextBytes);
            return new String(text, java.nio.charset.StandardCharsets.UTF_8);
        }
        try (JsonParser parser = Json.parser(data)) {
            MessageReader.read(parser, rpc::decoderFor, rpc::accept);
        }
        return null;
    }
}
