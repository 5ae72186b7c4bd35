package dev.reservoir.console.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PreviewPartsTest {

    @Test
    void theHeadKeepsTheFirstBytesAndCountsTheRest() {
        Head head = new Head(5);
        head.write("hello, world".getBytes(StandardCharsets.UTF_8), 0, 12);
        head.write('!');
        assertThat(new String(head.bytes(), StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(head.total()).isEqualTo(13);
        assertThat(head.cut()).isTrue();
    }

    @Test
    void textIsCutBetweenCharactersNeverInsideOne() {
        byte[] bytes = "aé€".getBytes(StandardCharsets.UTF_8); // 1 + 2 + 3 bytes
        assertThat(Previewer.boundary(bytes, 1)).isEqualTo(1);
        assertThat(Previewer.boundary(bytes, 2)).as("inside é").isEqualTo(1);
        assertThat(Previewer.boundary(bytes, 3)).isEqualTo(3);
        assertThat(Previewer.boundary(bytes, 5)).as("inside €").isEqualTo(3);
        assertThat(Previewer.boundary(bytes, 6)).isEqualTo(6);
    }

    @Test
    void imagesAreKnownByTheirFirstBytes() {
        assertThat(Previewer.sniffImage(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10}))
                .isEqualTo("image/png");
        assertThat(Previewer.sniffImage(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0}))
                .isEqualTo("image/jpeg");
        assertThat(Previewer.sniffImage("GIF89a".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("image/gif");
        assertThat(Previewer.sniffImage("<svg onload=x>".getBytes(StandardCharsets.US_ASCII)))
                .isNull();
    }

    @Test
    void aBundleFenceIsLongerThanAnyRunOfBackticksInTheText() {
        assertThat(Bundle.fenceFor("no ticks")).isEqualTo("```");
        assertThat(Bundle.fenceFor("a ``` b")).isEqualTo("````");
        assertThat(Bundle.fenceFor("`````")).isEqualTo("``````");
    }
}
