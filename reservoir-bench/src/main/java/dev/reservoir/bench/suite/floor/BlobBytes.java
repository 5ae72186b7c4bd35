package dev.reservoir.bench.suite.floor;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The floors' answer to a blob read: a JSON-RPC result whose {@code blob} is the base64 of
 * {@code bench://blob/1MiB} or {@code bench://blob/100MiB} (fixed bytes, encoded once), written
 * in large pieces. What a server must at least do to send that much base64.
 */
final class BlobBytes {

    /** Bytes per piece: a multiple of 3, so that pieces encode without padding. */
    private static final int PIECE = 3 << 14;

    private static final byte[] ENCODED_PIECE = Base64.getEncoder().encode(piece(PIECE));
    private static final byte[] OPEN =
            "\"result\":{\"contents\":[{\"uri\":\"bench://blob/0\",\"mimeType\":\"application/octet-stream\",\"blob\":\""
                    .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = "\"}]}}".getBytes(StandardCharsets.US_ASCII);

    private BlobBytes() {}

    /** The size of the blob a request line asks for, or -1 when it asks for none. */
    static long requested(String request) {
        if (request.contains("bench://blob/100MiB")) {
            return 100L << 20;
        }
        return request.contains("bench://blob/1MiB") ? 1L << 20 : -1;
    }

    /** The length of what {@link #writeResult} writes. */
    static long resultLength(long size) {
        return OPEN.length + (size + 2) / 3 * 4 + CLOSE.length;
    }

    /** Writes {@code "result":{...}}} (the message's tail after its id and comma) for a blob of {@code size} bytes. */
    static void writeResult(OutputStream out, long size) throws IOException {
        out.write(OPEN);
        long left = size;
        for (; left >= PIECE; left -= PIECE) {
            out.write(ENCODED_PIECE);
        }
        if (left > 0) {
            out.write(Base64.getEncoder().encode(piece((int) left)));
        }
        out.write(CLOSE);
    }

    private static byte[] piece(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        return bytes;
    }
}
