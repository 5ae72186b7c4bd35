package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Test helpers: the bytes of read items. */
final class Reads {

    private Reads() {}

    static byte[] bytes(Content content) {
        return switch (content) {
            case Content.Text t -> t.text().getBytes(StandardCharsets.UTF_8);
            case Content.Utf8Text u -> u.utf8();
            case Content.Bytes b -> b.data();
            case Content.Stream s -> {
                try (InputStream in = s.opener().open()) {
                    yield in.readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    static byte[] bytes(List<Item> items, int index) {
        return bytes(items.get(index).content());
    }

    static String text(List<Item> items, int index) {
        return new String(bytes(items, index), StandardCharsets.UTF_8);
    }

    static final Limits LIMITS = new Limits(50, 1 << 20, 64L << 20);
}
