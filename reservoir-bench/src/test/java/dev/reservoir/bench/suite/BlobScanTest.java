package dev.reservoir.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BlobScanTest {

    @Test
    void countsTheDecodedBytesWhateverThePaddingAndHowTheStreamIsCut() throws IOException {
        Random random = new Random(7);
        for (int size : new int[] {0, 1, 2, 3, 7, 8, 9, 1000, 65_535, 65_536, 200_001}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            byte[] message = answer(Base64.getEncoder().encodeToString(data));
            for (int cut : new int[] {1, 3, 7, 8, 13, 1 << 16}) {
                assertThat(Blob.scan(pieces(message, cut), true))
                        .as("%d bytes read %d at a time", size, cut)
                        .isEqualTo(size);
                assertThat(Blob.scan(pieces(message, cut), false)).isEqualTo(size);
            }
        }
    }

    @Test
    void takesAnEscapedSlashAsOneCharacter() throws IOException {
        String base64 =
                Base64.getEncoder().encodeToString(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}); // "////"
        assertThat(base64).isEqualTo("////");
        assertThat(Blob.scan(new ByteArrayInputStream(answer("\\/\\/\\/\\/")), true))
                .isEqualTo(3);
    }

    @Test
    void stopsAtTheEndOfTheLineInLineModeAndRefusesALineWithoutACompleteBlob() throws IOException {
        byte[] two = (new String(answer("QUJD"), StandardCharsets.US_ASCII) + "{\"next\":1}\n")
                .getBytes(StandardCharsets.US_ASCII);
        assertThat(Blob.scan(new ByteArrayInputStream(two), true))
                .as("the next line is not looked at")
                .isEqualTo(3);

        byte[] cutShort =
                "{\"result\":{\"contents\":[{\"blob\":\"QUJDQUJDQUJD\nQUJD\"}]}}\n".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> Blob.scan(new ByteArrayInputStream(cutShort), true))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no complete blob");
        assertThatThrownBy(() -> Blob.scan(
                        new ByteArrayInputStream("{\"result\":{}}".getBytes(StandardCharsets.US_ASCII)), false))
                .isInstanceOf(IOException.class);
    }

    @Test
    void eachWordTestFindsEveryByteThatNeedsALook() {
        for (int at = 0; at < 8; at++) {
            for (char c : new char[] {'"', '\\', '=', '\n'}) {
                byte[] word = "QUJDQUJD".getBytes(StandardCharsets.US_ASCII);
                word[at] = (byte) c;
                assertThat(Blob.plainBase64(asLong(word))).as("%s at %d", c, at).isFalse();
            }
        }
        assertThat(Blob.plainBase64(asLong("ab+/09zZ".getBytes(StandardCharsets.US_ASCII))))
                .isTrue();
    }

    private static long asLong(byte[] word) {
        long x = 0;
        for (int i = 7; i >= 0; i--) {
            x = x << 8 | (word[i] & 0xff);
        }
        return x;
    }

    private static byte[] answer(String blob) {
        return ("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"contents\":[{\"uri\":\"bench://blob/x\",\"blob\":\"" + blob
                        + "\"}]}}\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** A stream that hands its bytes over at most {@code most} at a time. */
    private static InputStream pieces(byte[] bytes, int most) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, most));
            }
        };
    }
}
