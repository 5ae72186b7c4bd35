package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ResourceContent;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes read contents. Streams are opened before the response starts (so a failure to open is
 * an ordinary error response) and then copied straight into the output: a blob is base64-encoded
 * a buffer at a time, so its content is never held in memory as a whole.
 */
final class ContentWriter {

    /** One item ready to write: metadata plus an opened stream, or in-memory content. */
    record Opened(Resource resource, ContentBody body, Reader reader, InputStream stream) {}

    private ContentWriter() {}

    /** Opens every item's stream; registers them with the request so cancellation closes them. */
    static List<Opened> open(List<ResourceContent> contents, long maxBytes, InFlight inFlight) {
        List<Opened> opened = new ArrayList<>(contents.size());
        try {
            for (ResourceContent content : contents) {
                ContentBody body = content.body();
                long size = body.size().orElse(-1);
                if (size > maxBytes) {
                    throw McpException.contentTooLarge(content.resource().uri(), size, maxBytes);
                }
                Opened item =
                        switch (body) {
                            case ContentBody.TextStream s ->
                                new Opened(
                                        content.resource(),
                                        body,
                                        hold(inFlight, s.open().get()),
                                        null);
                            case ContentBody.BinaryStream s ->
                                new Opened(
                                        content.resource(),
                                        body,
                                        null,
                                        hold(inFlight, s.open().get()));
                            default -> new Opened(content.resource(), body, null, null);
                        };
                opened.add(item);
            }
        } catch (java.nio.file.NoSuchFileException | java.io.FileNotFoundException e) {
            // Gone between the provider's answer and the first byte: that is "not found", not a failure.
            inFlight.closeHeld();
            throw new dev.reservoir.core.ResourceNotFoundException(
                    contents.get(opened.size()).resource().uri()); // the item that failed to open
        } catch (IOException e) {
            inFlight.closeHeld();
            throw new IllegalStateException("could not open content: " + e.getMessage(), e);
        }
        return opened;
    }

    private static <T extends Closeable> T hold(InFlight inFlight, T resource) {
        inFlight.hold(resource);
        return resource;
    }

    /** Writes one contents item and closes its stream. */
    static void write(JsonGenerator g, WireFormat wire, Opened item) throws IOException {
        g.writeStartObject();
        Resource resource = item.resource();
        if (wire.sep2093() && resource.size() == null && item.body().size().isPresent()) {
            // SEP-2093: size is that of this representation.
            resource = resource.toBuilder().size(item.body().size().getAsLong()).build();
        }
        wire.writeContentsHeader(g, resource);
        switch (item.body()) {
            case ContentBody.Text t -> g.writeStringField("text", t.text());
            case ContentBody.Bytes b -> {
                g.writeFieldName("blob");
                g.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, b.data(), 0, b.data().length);
            }
            case ContentBody.TextStream s -> {
                try (Reader reader = item.reader()) {
                    g.writeFieldName("text");
                    g.writeString(reader, -1);
                }
            }
            case ContentBody.BinaryStream s -> {
                try (InputStream stream = item.stream()) {
                    g.writeFieldName("blob");
                    g.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, stream, -1);
                }
            }
        }
        g.writeEndObject();
    }
}
