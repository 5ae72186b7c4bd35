package dev.reservoir.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BenchDataTest {

    /** The texts as the dataset has always defined them (and the Java SDK peer serves them). */
    private static String expected(int i, int version) {
        StringBuilder filler = new StringBuilder();
        IntStream.range(0, 1024).forEach(k -> filler.append((char) ('a' + k % 26)));
        String prefix = "bench text " + i + " v" + version + " ";
        return prefix + filler.substring(prefix.length());
    }

    @Test
    void aTextIsItsPrefixThenTheFillerIn1024AsciiCharacters() {
        int[] numbers = {0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456, Integer.MAX_VALUE};
        for (int i : numbers) {
            for (int version : numbers) {
                String text = BenchData.text(i, version);
                assertThat(text).hasSize(1024).isEqualTo(expected(i, version));
                assertThat(BenchData.utf8(i, version))
                        .isEqualTo(expected(i, version).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        assertThat(BenchData.text(3, -1)).isEqualTo(expected(3, -1));
    }
}
