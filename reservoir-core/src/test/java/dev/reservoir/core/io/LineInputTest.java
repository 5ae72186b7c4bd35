package dev.reservoir.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineInputTest {

    private static List<String> lines(String text, int buffer, int readFirst) throws IOException {
        LineInput input = new LineInput(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), buffer);
        List<String> out = new ArrayList<>();
        for (InputStream line; (line = input.nextLine()) != null; ) {
            byte[] bytes = readFirst < 0 ? line.readAllBytes() : line.readNBytes(readFirst);
            out.add(new String(bytes, StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void splitsAtLfAcrossBufferBoundaries() throws IOException {
        String text = "{\"a\":1}\n\n" + "y".repeat(100) + "\nlast";
        assertThat(lines(text, 7, -1)).containsExactly("{\"a\":1}", "", "y".repeat(100), "last");
    }

    @Test
    void whatALineReaderLeavesIsSkipped() throws IOException {
        assertThat(lines("abcdef\nghij\n", 4, 2)).containsExactly("ab", "gh");
    }
}
