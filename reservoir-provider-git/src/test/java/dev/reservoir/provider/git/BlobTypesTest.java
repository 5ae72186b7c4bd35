package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Text or binary from the content, the MIME type from the name and the content, LFS pointers recognised. */
class BlobTypesTest {

    private static BlobTypes.Info classify(String name, byte[] content) {
        return BlobTypes.classify(content, true, name);
    }

    private static BlobTypes.Info classify(String name, String content) {
        return classify(name, content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void textNamesGiveTheirTypes() {
        assertThat(classify("README.md", "# Title\n").mimeType()).isEqualTo("text/markdown");
        assertThat(classify("Main.java", "class Main {}\n").mimeType()).isEqualTo("text/x-java-source");
        assertThat(classify("Makefile", "all:\n\techo\n").text()).isTrue();
        assertThat(classify("notes", "just words\n").mimeType()).isEqualTo("text/plain");
    }

    @Test
    void contentDecidesTextOrBinary() {
        assertThat(classify("data.txt", new byte[] {'a', 0, 'b'}).text()).isFalse();
        assertThat(classify("latin1.txt", "caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1))
                        .text())
                .isFalse();
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13};
        assertThat(classify("picture.txt", png).mimeType()).isEqualTo("image/png");
        BlobTypes.Info bom = classify("bom.txt", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'h', 'i'});
        assertThat(bom.text()).isTrue();
        assertThat(bom.bomLength()).isEqualTo(3);
        byte[] cut = "é".repeat(5000).getBytes(StandardCharsets.UTF_8);
        assertThat(BlobTypes.classify(java.util.Arrays.copyOf(cut, BlobTypes.SNIFF_BYTES - 1), false, "long.txt")
                        .text())
                .as("a character cut off at the end of the sniffed bytes is still text")
                .isTrue();
    }

    @Test
    void lfsPointersAreTextWithTheirObject() {
        String pointer = "version https://git-lfs.github.com/spec/v1\n"
                + "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 42\n";
        BlobTypes.Info info = classify("video.mp4", pointer);
        assertThat(info.text()).isTrue();
        assertThat(info.mimeType()).isEqualTo("text/plain");
        assertThat(info.lfs())
                .isEqualTo(new BlobTypes.Lfs(
                        "sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393", 42));
        assertThat(classify("notes.txt", "version https://git-lfs.github.com/spec/v1\nno oid\n")
                        .lfs())
                .isNull();
    }
}
