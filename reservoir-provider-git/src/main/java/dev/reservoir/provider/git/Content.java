package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/** The content of one item of a read, held or opened when it is written. */
sealed interface Content {

    /** Opens a stream; the caller closes it. */
    @FunctionalInterface
    interface Opener {
        InputStream open() throws IOException;
    }

    /** Text in memory. */
    record Text(String text) implements Content {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** UTF-8 text in memory as its bytes (a blob's, sent as they are when JSON needs no escape). */
    record Utf8Text(byte[] utf8) implements Content {
        public Utf8Text {
            Objects.requireNonNull(utf8, "utf8");
        }
    }

    /** Bytes in memory (content that is not UTF-8 text). */
    record Bytes(byte[] data) implements Content {
        public Bytes {
            Objects.requireNonNull(data, "data");
        }
    }

    /**
     * A blob, opened when written: each {@link Opener#open()} opens its own object reader, released
     * when the stream is closed.
     *
     * @param size the size in bytes of what the stream gives
     * @param text whether it is UTF-8 text
     */
    record Stream(Opener opener, long size, boolean text) implements Content {
        public Stream {
            Objects.requireNonNull(opener, "opener");
        }
    }

    /** Text if the bytes are UTF-8, else the bytes. */
    static Content of(byte[] bytes) {
        return Utf8.isValid(bytes, 0, true)
                ? new Text(new String(bytes, java.nio.charset.StandardCharsets.UTF_8))
                : new Bytes(bytes);
    }
}
