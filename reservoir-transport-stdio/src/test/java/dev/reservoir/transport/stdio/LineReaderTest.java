package dev.reservoir.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Framing edge cases: CR, CRLF, split reads, overlong lines, end of input without a newline. */
class LineReaderTest {

    private static List<String> lines(InputStream in, int max) throws IOException {
        LineReader reader = new LineReader(in, max);
        List<String> lines = new ArrayList<>();
        for (LineReader.Line line; (line = reader.next()) != null; ) {
            lines.add(
                    line.tooLong() ? "<too long>" : new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8));
        }
        return lines;
    }

    private static InputStream bytes(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Hands out one byte per read, as a slow pipe might. */
    private static InputStream trickle(String s) {
        byte[] data = s.getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            int i;

            @Override
            public int read() {
                return i < data.length ? data[i++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (i >= data.length) {
                    return -1;
                }
                b[off] = data[i++];
                return 1;
            }
        };
    }

    @Test
    void splitsOnLfAndDropsTheCrOfCrlf() throws IOException {
        assertThat(lines(bytes("{\"a\":1}\n{\"b\":2}\r\n{\"c\":3}"), 100))
                .containsExactly("{\"a\":1}", "{\"b\":2}", "{\"c\":3}");
    }

    @Test
    void splitReadsMakeTheSameLines() throws IOException {
        assertThat(lines(trickle("first\r\nsecond\n\nthird\n"), 100)).containsExactly("first", "second", "", "third");
    }

    @Test
    void aLoneCrInsideALineIsKept() throws IOException {
        assertThat(lines(bytes("a\rb\n"), 100)).containsExactly("a\rb");
    }

    @Test
    void anOverlongLineIsReportedAndSkippedWithoutLosingTheNext() throws IOException {
        String big = "x".repeat(5000);
        assertThat(lines(bytes("ok\n" + big + "\nafter\n"), 1024)).containsExactly("ok", "<too long>", "after");
        assertThat(lines(trickle(big + "\nafter\n"), 1024)).containsExactly("<too long>", "after");
    }

    @Test
    void aLineLongerThanTheReadBufferIsWhole() throws IOException {
        String big = "y".repeat(200_000);
        assertThat(lines(bytes(big + "\n"), 1 << 20)).containsExactly(big);
    }

    @Test
    void emptyInputHasNoLines() throws IOException {
        assertThat(lines(bytes(""), 100)).isEmpty();
    }
}
