package dev.reservoir.core.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The UTF-8 check every frame passes first: where it finds a bad sequence, at every offset. */
class StrictUtf8Test {

    /** The first byte from 0x80 up, a byte at a time: what the check's word-wise scan must agree with. */
    private static int firstHigh(byte[] bytes, int from, int end) {
        for (int i = from; i < end; i++) {
            if (bytes[i] < 0) {
                return i;
            }
        }
        return end;
    }

    @Test
    void theAsciiScanStopsAtTheFirstHighByteWhereverItIs() {
        for (int size = 0; size <= 40; size++) {
            for (int high = -1; high < size; high++) {
                byte[] bytes = new byte[size + 6];
                Arrays.fill(bytes, (byte) 'a');
                bytes[size + 3] = (byte) 0xC3; // past the range: must not be seen
                if (high >= 0) {
                    bytes[3 + high] = (byte) 0x80;
                }
                assertThat(StrictUtf8.asciiEnd(bytes, 3, 3 + size))
                        .as("size %d, high byte at %d", size, high)
                        .isEqualTo(firstHigh(bytes, 3, 3 + size));
            }
        }
    }

    @Test
    void aMalformedSequenceIsFoundAtEveryOffset() {
        for (int at = 0; at < 40; at++) {
            byte[] frame = new byte[50];
            Arrays.fill(frame, (byte) 'x');
            frame[at] = (byte) 0xC0; // C0 AF: an overlong '/'
            frame[at + 1] = (byte) 0xAF;
            assertThat(StrictUtf8.firstMalformed(frame, 0, frame.length)).isEqualTo(at);
            // The same bytes within a larger array: the index is the array's.
            byte[] padded = new byte[frame.length + 10];
            Arrays.fill(padded, (byte) 0xFF); // invalid everywhere outside the range
            System.arraycopy(frame, 0, padded, 5, frame.length);
            assertThat(StrictUtf8.firstMalformed(padded, 5, frame.length)).isEqualTo(at + 5);
        }
    }

    @Test
    void validTextOfEveryLengthPasses() {
        String text = "ascii é € 😀 and more ascii after it, long enough for several words";
        for (int cut = 0; cut <= text.length(); cut++) {
            String part = text.substring(0, cut);
            if (Character.isHighSurrogate(part.isEmpty() ? 'a' : part.charAt(part.length() - 1))) {
                continue; // a lone half of the emoji is not text
            }
            byte[] utf8 = part.getBytes(StandardCharsets.UTF_8);
            assertThat(StrictUtf8.firstMalformed(utf8, 0, utf8.length)).as(part).isEqualTo(-1);
        }
        byte[] truncated = "ok €".getBytes(StandardCharsets.UTF_8);
        assertThat(StrictUtf8.firstMalformed(truncated, 0, truncated.length - 1))
                .isEqualTo(3);
    }
}
