package dev.reservoir.provider.jdbc.uri;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SegmentsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "plain",
                "with space",
                "quote\"d",
                "a/b",
                "back\\slash",
                ".",
                "..",
                "...",
                "名前",
                "🙂",
                "%41",
                "!x",
                "a?b#c&d=e"
            })
    void everyNameIsOneSegmentThatDecodesBack(String name) {
        String segment = Segments.encode(name);
        assertThat(segment).doesNotContain("/", "?", "#", "&", "=", "!").isNotIn(".", "..");
        assertThat(Segments.decode(segment)).isEqualTo(name);
    }
}
