package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.AnswerBrokenException;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ResourceContent;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

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
        return switch (body) {
            case ContentBody.TextStream s -> s.open().get();
            case ContentBody.BinaryStream s -> s.open().get();
            default -> null;
        };
    }

    /**
     * Writes one contents item; {@code opened} is its stream if already open (it is closed here),
     * or null to open it now. {@code maxBytes} is the read limit for a body of unknown size.
     */
    static void write(JsonGenerator g, WireFormat wire, ResourceContent item, Closeable opened, long maxBytes)
            throws IOException {
        ContentBody body = item.body();
        try (Closeable stream = opened != null ? opened : open(body)) {
            g.writeStartObject();
            wire.writeContentsHeader(g, item.resource(), body.size());
            switch (body) {
                case ContentBody.Text t -> g.writeStringField("text", t.text());
                case ContentBody.Bytes b -> {
                    g.writeFieldName("blob");
                    g.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, b.data(), 0, b.data().length);
                }
                case ContentBody.TextStream s -> {
                    g.writeFieldName("text");
                    g.writeString(SizedContent.text((Reader) stream, uri(item), s.knownSize(), maxBytes), -1);
                }
                case ContentBody.BinaryStream s -> {
                    g.writeFieldName("blob");
                    g.writeBinary(
                            Base64Variants.MIME_NO_LINEFEEDS,
                            SizedContent.bytes((InputStream) stream, uri(item), s.knownSize(), maxBytes),
                            -1);
                }
            }
            g.writeEndObject();
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
