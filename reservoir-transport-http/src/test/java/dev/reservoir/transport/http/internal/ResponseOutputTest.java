package dev.reservoir.transport.http.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ResponseOutputTest {

    @Test
    void aBodyThatFitsGoesOutInOneHandedOverWriteWithItsLength() throws IOException {
        Recording exchange = new Recording();
        byte[] body = bytes(1500, 1);
        try (ResponseOutput out = new ResponseOutput(exchange, 64 * 1024)) {
            out.write(body, 0, 700);
            out.write(body[700]);
            out.write(body, 701, body.length - 701);
        }
        assertEquals(List.of("last"), exchange.kinds);
        assertEquals("1500", exchange.headers.get(Http.CONTENT_LENGTH));
        assertArrayEquals(body, exchange.written());
    }

    @Test
    void aBodyPastTheLimitStreamsAndOnlyItsEndIsHandedOver() throws IOException {
        Recording exchange = new Recording();
        byte[] body = bytes(10_000, 2);
        try (ResponseOutput out = new ResponseOutput(exchange, 4096)) {
            for (int at = 0; at < body.length; at += 300) {
                out.write(body, at, Math.min(300, body.length - at));
            }
        }
        assertTrue(exchange.kinds.size() > 2, exchange.kinds.toString());
        assertEquals("last", exchange.kinds.getLast());
        assertTrue(exchange.kinds.subList(0, exchange.kinds.size() - 1).stream().allMatch("reused"::equals));
        assertNull(exchange.headers.get(Http.CONTENT_LENGTH), "a streamed body has no declared length");
        assertArrayEquals(body, exchange.written());
    }

    @Test
    void nothingIsWrittenAfterClose() throws IOException {
        Recording exchange = new Recording();
        ResponseOutput out = new ResponseOutput(exchange, 4096);
        out.write('x');
        out.close();
        out.close(); // idempotent
        assertThrows(IOException.class, () -> out.write('y'));
        assertThrows(IOException.class, () -> out.write(new byte[] {1, 2}, 0, 2));
        assertEquals(List.of("last"), exchange.kinds);
        assertArrayEquals(new byte[] {'x'}, exchange.written());
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Records the bytes written and, for each write, whether its buffer was handed over ("last") or not. */
    private static final class Recording extends QuietExchange {
        final List<String> kinds = new ArrayList<>();
        final Map<String, String> headers = new HashMap<>();
        private final ByteArrayOutputStream written = new ByteArrayOutputStream();

        byte[] written() {
            return written.toByteArray();
        }

        @Override
        public void write(ByteBuffer bytes) {
            kinds.add("reused");
            take(bytes);
        }

        @Override
        public void writeLast(ByteBuffer bytes) {
            kinds.add("last");
            take(bytes);
        }

        private void take(ByteBuffer bytes) {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            written.writeBytes(copy);
        }

        @Override
        public void setHeader(String name, String value) {
            headers.put(name, value);
        }

        @Override
        public void addHeader(String name, String value) {
            headers.merge(name, value, (a, b) -> a + ", " + b);
        }

        @Override
        public boolean committed() {
            return !kinds.isEmpty();
        }
    }
}
