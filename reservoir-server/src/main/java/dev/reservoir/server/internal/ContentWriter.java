package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import dev.reservoir.core.jsonrpc.WireNames;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.AnswerBrokenException;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ResourceContent;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.Semaphore;

/**
 * Writes one item of read contents, streaming its body straight into the output: a blob is
 * base64-encoded a buffer at a time, so its content is never held whole. A streamed body is
 * counted as it goes: one that yields other than the size it announced, or more than the read
 * limit, breaks the answer (an {@link AnswerBrokenException}) instead of ending it neatly, so a
 * client never gets a well-formed answer of the wrong size.
 */
final class ContentWriter {

    private ContentWriter() {}

    /** Opens a streamed body (a Reader or an InputStream); null for content held in memory. */
    static Closeable open(ContentBody body) throws IOException {
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (body instanceof ContentBody.TextStream s) {
            return s.open().get();
        }
        return body instanceof ContentBody.BinaryStream s ? s.open().get() : null;
    }

    /**
     * Writes one contents item; {@code opened} is its stream if already open (it is closed here),
     * or null to open it now. {@code maxBytes} is the read limit for a body of unknown size;
     * {@code writeBytes}, about how many bytes to write at a time ({@code MessageSink.contentWriteBytes}).
     */
    static void write(
            JsonGenerator g, WireFormat wire, ResourceContent item, Closeable opened, long maxBytes, int writeBytes)
            throws IOException {
        int piece = base64Piece(writeBytes);
        ContentBody body = item.body();
        try (Closeable stream = opened != null ? opened : open(body)) {
            g.writeStartObject();
            wire.writeContentsHeader(g, item.resource(), body.size());
            if (body instanceof ContentBody.Text t) { // not a pattern switch, as in open
                writeText(g, t.text());
            } else if (body instanceof ContentBody.Utf8Text u) {
                writeUtf8Text(g, u);
            } else if (body instanceof ContentBody.Bytes b) {
                g.writeFieldName(WireNames.BLOB);
                writeBase64(g, b.data(), piece);
            } else if (body instanceof ContentBody.TextStream s) {
                g.writeFieldName(WireNames.TEXT);
                g.writeString(SizedContent.text((Reader) stream, uri(item), s.knownSize(), maxBytes), -1);
            } else if (body instanceof ContentBody.BinaryStream s) {
                g.writeFieldName(WireNames.BLOB);
                writeBase64(
                        g,
                        SizedContent.bytes((InputStream) stream, uri(item), s.knownSize(), maxBytes),
                        s.knownSize(),
                        piece);
            } else {
                throw new IllegalStateException("unknown content body " + body);
            }
            g.writeEndObject();
        }
    }

    /**
     * Writes a text field. Printable ASCII without a quote or backslash (most text) is written as
     * its bytes, which JSON takes as they are: Jackson's writer checks and copies it a character
     * at a time, which cost a third more of a small read's time. The bytes are the same either way.
     */
    private static void writeText(JsonGenerator g, String text) throws IOException {
        if (g instanceof UTF8JsonGenerator && text.length() <= PLAIN_TEXT_MOST) { // others may take no raw bytes
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            if (utf8.length == text.length() && plainAscii(utf8)) { // as long as the text: ASCII only
                g.writeFieldName(WireNames.TEXT);
                g.writeRawUTF8String(utf8, 0, utf8.length);
                return;
            }
        }
        g.writeFieldName(WireNames.TEXT);
        g.writeString(text);
    }

    /**
     * Writes a text given as UTF-8 bytes: the bytes themselves when they are printable ASCII without
     * a quote or backslash (as {@link #writeText} does with its copy), else its decoded text.
     */
    private static void writeUtf8Text(JsonGenerator g, ContentBody.Utf8Text body) throws IOException {
        byte[] utf8 = body.utf8();
        g.writeFieldName(WireNames.TEXT);
        if (g instanceof UTF8JsonGenerator && plainAscii(utf8)) {
            g.writeRawUTF8String(utf8, 0, utf8.length);
        } else {
            g.writeString(body.text()); // escapes, non-ASCII, a malformed sequence (U+FFFD)
        }
    }

    /** Texts up to this length may be copied to bytes first (a copy of a larger one is not worth holding). */
    private static final int PLAIN_TEXT_MOST = 64 * 1024;

    /**
     * Whether no byte needs a JSON escape: no control character, quote or backslash (and no byte
     * of 0x80 up). Eight bytes are checked at a time, as one long, with the usual bit tricks: the
     * byte-at-a-time loop was a tenth of a small stdio read's server time. The flags of a block of
     * words are gathered and looked at once, after the block: a loop without a branch in it is one
     * the JIT turns into vector instructions, and a 1 KiB text took 36 ns instead of 204 ns.
     */
    static boolean plainAscii(byte[] utf8) {
        int i = 0;
        int words = utf8.length - 7; // a word may start below this
        while (i < words) {
            int end = Math.min(words, i + PLAIN_BLOCK);
            long flagged = 0;
            for (; i < end; i += 8) {
                long x = (long) LONGS.get(utf8, i);
                long quote = x ^ QUOTES;
                long backslash = x ^ BACKSLASHES;
                flagged |= ((x - CONTROL_LIMITS) & ~x) // a byte below 0x20 borrows (and is below 0x80)
                        | ((quote - ONES) & ~quote) // a byte equal to '"' became zero
                        | ((backslash - ONES) & ~backslash) // a byte equal to '\\' became zero
                        | x; // a byte from 0x80 up
            }
            if ((flagged & HIGH_BITS) != 0) {
                return false;
            }
        }
        for (; i < utf8.length; i++) {
            byte b = utf8[i];
            if (b < 0x20 || b == '"' || b == '\\') { // a byte from 0x80 up is negative
                return false;
            }
        }
        return true;
    }

    /** The bytes looked at before the flags are: a text that needs escapes is found out early enough. */
    private static final int PLAIN_BLOCK = 4096;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long CONTROL_LIMITS = 0x20 * ONES;
    private static final long QUOTES = '"' * ONES;
    private static final long BACKSLASHES = '\\' * ONES;

    /**
     * The bytes of a blob encoded at a time, for about {@code writeBytes} of base64 (4 KiB to 4 MiB):
     * a multiple of 3, so that only the last piece has padding.
     */
    static int base64Piece(int writeBytes) {
        return Math.clamp(writeBytes, 4 << 10, 4 << 20) / 4 * 3;
    }

    /** The piece of a sink that takes the default writes (a pipe's 64 KiB of base64). */
    private static final int SMALL_PIECE = base64Piece(64 << 10);

    /**
     * Reads that write pieces larger than {@link #SMALL_PIECE} at once, at most: 8, 14 MiB of
     * buffers at HTTP's 1 MiB writes. Past that a read writes small pieces, so that a thousand
     * blobs sent at once hold no more than they did with small pieces only.
     */
    static final Semaphore LARGE_PIECE_READS = new Semaphore(8);

    /**
     * Writes a blob held in memory: in one piece when it is no larger than a small one, else as a
     * stream (in pieces of up to {@code piece} bytes).
     */
    private static void writeBase64(JsonGenerator g, byte[] data, int piece) throws IOException {
        if (data.length > SMALL_PIECE || !(g instanceof UTF8JsonGenerator)) {
            writeBase64(g, new java.io.ByteArrayInputStream(data), data.length, piece);
            return;
        }
        byte[] encoded = Base64.getEncoder().encode(data);
        g.writeRawValue(RawBytes.QUOTE);
        g.writeRaw(new RawBytes(encoded, encoded.length));
        g.writeRaw(RawBytes.QUOTE);
    }

    /**
     * Writes a streamed blob's base64 (the standard alphabet, padded, no line feeds: what Jackson's
     * MIME_NO_LINEFEEDS writes) a piece at a time with the JDK's encoder, which is several times
     * faster than Jackson's byte-at-a-time one. Reads the stream to its end. The buffers fit a
     * blob smaller than a piece ({@code size}, or -1 when unknown), so a small blob costs no more.
     */
    private static void writeBase64(JsonGenerator g, InputStream in, long size, int pieceMost) throws IOException {
        if (!(g instanceof UTF8JsonGenerator)) { // others may take no raw bytes
            g.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, in, -1);
            return;
        }
        // One byte more than the size, rounded up to a multiple of 3: a blob that fits comes in one
        // piece, and the read that finds its end needs no second buffer.
        int pieceSize = size < 0 || size >= pieceMost ? pieceMost : (int) (size / 3 + 1) * 3;
        boolean large = pieceSize > SMALL_PIECE;
        if (large && !LARGE_PIECE_READS.tryAcquire()) {
            pieceSize = SMALL_PIECE;
            large = false;
        }
        try {
            byte[] piece = new byte[pieceSize];
            byte[] encoded = new byte[pieceSize / 3 * 4];
            g.writeRawValue(RawBytes.QUOTE);
            for (int n = in.readNBytes(piece, 0, piece.length); n > 0; n = in.readNBytes(piece, 0, piece.length)) {
                byte[] bytes = n == piece.length ? piece : java.util.Arrays.copyOf(piece, n);
                g.writeRaw(new RawBytes(encoded, Base64.getEncoder().encode(bytes, encoded)));
                if (n < piece.length) {
                    break; // the end: readNBytes read up to it
                }
            }
            g.writeRaw(RawBytes.QUOTE);
        } finally {
            if (large) {
                LARGE_PIECE_READS.release();
            }
        }
    }

    /** Whether the body is opened as a stream when written (and so takes a place in the stream budget). */
    static boolean streamed(ContentBody body) {
        return body instanceof ContentBody.TextStream || body instanceof ContentBody.BinaryStream;
    }

    private static String uri(ResourceContent item) {
        return item.resource().uri();
    }
}
