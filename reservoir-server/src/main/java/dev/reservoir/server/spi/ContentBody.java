package dev.reservoir.server.spi;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The content of one resource representation: text or binary, held in memory or opened as a
 * stream when the server writes it. Streams are opened when the answer is written and closed by
 * the server; binary streams are base64-encoded straight into the output, so a large blob is never
 * held whole. Where a client caps message sizes (stdio), a stream of unknown size, or text that
 * JSON escapes could make too long, is opened once more before that, to measure it: a supplier may
 * be called more than once, and each stream it gives is closed before the read's
 * {@link ReadResult} is. The server counts every stream as it copies it: one that yields other than
 * the size it announces, or (of unknown size) more than the read limit, breaks its answer rather
 * than end it neatly with the wrong content; so a provider never needs to limit a stream itself.
 * Immutable; suppliers may be called from any thread.
 */
public sealed interface ContentBody {

    /** True for text (sent as {@code text}), false for binary (sent base64 as {@code blob}). */
    boolean isText();

    /** The size in bytes if known (UTF-8 bytes for text), for the {@code size} field. */
    OptionalLong size();

    /** Text held in memory. */
    record Text(String text) implements ContentBody {
        public Text {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public boolean isText() {
            return true;
        }

        @Override
        public OptionalLong size() {
            return OptionalLong.empty();
        }
    }

    /**
     * Text held in memory as its UTF-8 bytes, for a provider that has the bytes already (a file
     * read whole, a git blob, a text it makes as bytes): it is sent as {@code text}, as the
     * {@link Text} of {@link #text()} would be. Text that is ASCII without a character JSON
     * escapes goes out as these bytes, without a {@code String} made of them and encoded back
     * (two copies of the text, and most of the garbage a small read made). A malformed sequence
     * reads as U+FFFD, as {@code new String(utf8, UTF_8)} has it. The array is not copied: do not
     * change it after handing it over.
     */
    record Utf8Text(byte[] utf8) implements ContentBody {
        public Utf8Text {
            Objects.requireNonNull(utf8, "utf8");
        }

        /** The text these bytes hold (made on each call). */
        public String text() {
            return new String(utf8, StandardCharsets.UTF_8);
        }

        @Override
        public boolean isText() {
            return true;
        }

        @Override
        public OptionalLong size() {
            return OptionalLong.empty(); // as Text: a malformed sequence would make the bytes sent differ
        }
    }

    /** Bytes held in memory. The array is not copied: do not change it after handing it over. */
    record Bytes(byte[] data) implements ContentBody {
        public Bytes {
            Objects.requireNonNull(data, "data");
        }

        @Override
        public boolean isText() {
            return false;
        }

        @Override
        public OptionalLong size() {
            return OptionalLong.of(data.length);
        }
    }

    /** Text read from a stream when the response is written. */
    record TextStream(IOSupplier<Reader> open, long knownSize) implements ContentBody {
        public TextStream {
            Objects.requireNonNull(open, "open");
        }

        @Override
        public boolean isText() {
            return true;
        }

        @Override
        public OptionalLong size() {
            return knownSize >= 0 ? OptionalLong.of(knownSize) : OptionalLong.empty();
        }
    }

    /** Bytes read from a stream when the response is written. */
    record BinaryStream(IOSupplier<InputStream> open, long knownSize) implements ContentBody {
        public BinaryStream {
            Objects.requireNonNull(open, "open");
        }

        @Override
        public boolean isText() {
            return false;
        }

        @Override
        public OptionalLong size() {
            return knownSize >= 0 ? OptionalLong.of(knownSize) : OptionalLong.empty();
        }
    }

    static ContentBody text(String text) {
        return new Text(text);
    }

    /** Text given as its UTF-8 bytes ({@link Utf8Text}); the array is not copied. */
    static ContentBody utf8Text(byte[] utf8) {
        return new Utf8Text(utf8);
    }

    static ContentBody bytes(byte[] data) {
        return new Bytes(data);
    }

    /** Streamed text; {@code size} is the UTF-8 byte size, or -1 when unknown. */
    static ContentBody textStream(IOSupplier<Reader> open, long size) {
        return new TextStream(open, size);
    }

    /** Streamed bytes; {@code size} is the byte size, or -1 when unknown. */
    static ContentBody binaryStream(IOSupplier<InputStream> open, long size) {
        return new BinaryStream(open, size);
    }

    /** Opens this body as a reader (text bodies only). */
    default Reader openReader() throws java.io.IOException {
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (this instanceof Text t) {
            return new StringReader(t.text());
        }
        if (this instanceof Utf8Text u) {
            return new StringReader(u.text());
        }
        if (this instanceof TextStream s) {
            return s.open().get();
        }
        throw new IllegalStateException("binary content has no reader");
    }

    /** Opens this body as bytes (text bodies give their UTF-8 encoding). */
    default InputStream openStream() throws java.io.IOException {
        if (this instanceof Bytes b) { // not a pattern switch, as in openReader
            return new ByteArrayInputStream(b.data());
        }
        if (this instanceof BinaryStream s) {
            return s.open().get();
        }
        if (this instanceof Text t) {
            return new ByteArrayInputStream(t.text().getBytes(StandardCharsets.UTF_8));
        }
        if (this instanceof Utf8Text u) {
            // As the text's own encoding: a malformed sequence is U+FFFD's bytes, as it is sent.
            return new ByteArrayInputStream(u.text().getBytes(StandardCharsets.UTF_8));
        }
        return new ReaderInputStream(((TextStream) this).open().get());
    }
}
