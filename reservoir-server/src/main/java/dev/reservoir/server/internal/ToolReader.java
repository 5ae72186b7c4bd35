package dev.reservoir.server.internal;

import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * read_resource: reads a resource as resources/read does and returns at most a byte budget of it,
 * embedded; what does not fit is cut (text) or only linked (binary), with a note saying so.
 */
final class ToolReader {

    private final Router router;
    private final ServerSettings settings;
    private final StreamBudget streams;

    ToolReader(Router router, ServerSettings settings, StreamBudget streams) {
        this.router = router;
        this.settings = settings;
        this.streams = streams;
    }

    ToolResult read(String uri, int budget, dev.reservoir.server.spi.CallContext call) {
        try (ReadResult result = router.resolve(uri).read(settings.readOptions(), call)) {
            return read(result, budget);
        }
    }

    /** What fits of a read's contents; the caller releases what the read holds. */
    private ToolResult read(ReadResult result, int budget) {
        List<ToolResult.Item> items = new ArrayList<>();
        long left = budget;
        for (ResourceContent content : result.contents()) {
            Resource resource = content.resource();
            if (left <= 0) {
                items.add(new ToolResult.Text("[Not shown, the byte budget (maxBytes=" + budget + ") is spent: "
                        + ResourceTools.line(resource) + "]"));
                continue;
            }
            ContentBody body = content.body();
            if (body.isText()) {
                Cut text = text(body, left);
                items.add(new ToolResult.Embedded(resource.uri(), resource.mimeType(), text.text(), null));
                left -= text.bytes();
                if (text.cut()) {
                    items.add(new ToolResult.Text("[Cut: this shows the first " + text.bytes() + " bytes of "
                            + (text.total() >= 0 ? text.total() + " bytes" : "more")
                            + " of " + resource.uri() + ". Call read_resource with a larger maxBytes (at most "
                            + ResourceTools.MAX_MAX_BYTES + ") to see more.]"));
                }
            } else if (body.size().isPresent() && body.size().getAsLong() <= left) {
                byte[] bytes = bytes(body, (int) body.size().getAsLong());
                items.add(new ToolResult.Embedded(
                        resource.uri(),
                        resource.mimeType(),
                        null,
                        Base64.getEncoder().encodeToString(bytes)));
                left -= bytes.length;
            } else {
                items.add(new ToolResult.Link(resource));
                items.add(new ToolResult.Text("[Not embedded: " + resource.uri() + " is binary, "
                        + (body.size().isPresent() ? body.size().getAsLong() + " bytes" : "of unknown size")
                        + ", more than the " + left + " bytes left of maxBytes=" + budget + ".]"));
            }
        }
        return new ToolResult(items, false);
    }

    /** Text cut at the budget in UTF-8 bytes, never inside a character. */
    private record Cut(String text, long bytes, boolean cut, long total) {}

    private Cut text(ContentBody body, long budget) {
        return switch (body) {
            case ContentBody.Text t -> cut(t.text(), budget, false, -1);
            case ContentBody.Utf8Text u -> cut(u.text(), budget, false, -1);
            case ContentBody.TextStream s ->
                withStream(() -> {
                    try (Reader in = s.open().get()) {
                        StringBuilder text = new StringBuilder();
                        char[] buffer = new char[8192];
                        long bytes = 0;
                        for (int n; bytes <= budget && (n = in.read(buffer)) > 0; ) {
                            text.append(buffer, 0, n);
                            bytes += utf8Length(buffer, n);
                        }
                        boolean more = bytes > budget || in.read() >= 0;
                        return cut(text.toString(), budget, more, s.knownSize());
                    }
                });
            default -> throw new IllegalStateException("not text: " + body);
        };
    }

    /** {@code total}: the size in bytes when known (-1: the text's own, when it is all here). */
    private static Cut cut(String text, long budget, boolean more, long total) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        long size = total >= 0 ? total : more ? -1 : utf8.length;
        if (utf8.length <= budget) {
            return new Cut(text, utf8.length, more, size);
        }
        int end = (int) budget;
        while (end > 0 && (utf8[end] & 0xC0) == 0x80) {
            end--; // back to the start of the character that does not fit
        }
        return new Cut(new String(utf8, 0, end, StandardCharsets.UTF_8), end, true, size);
    }

    private static long utf8Length(char[] chars, int n) {
        return new String(chars, 0, n).getBytes(StandardCharsets.UTF_8).length;
    }

    private byte[] bytes(ContentBody body, int size) {
        return switch (body) {
            case ContentBody.Bytes b -> b.data();
            case ContentBody.BinaryStream s ->
                withStream(() -> {
                    try (InputStream in = s.open().get()) {
                        return in.readNBytes(size);
                    }
                });
            default -> throw new IllegalStateException("not binary: " + body);
        };
    }

    @FunctionalInterface
    private interface StreamRead<T> {
        T run() throws IOException;
    }

    /** Holds a place in the server's budget of open streams while a content stream is read. */
    private <T> T withStream(StreamRead<T> read) {
        try {
            if (!streams.acquire(settings.requestTimeout())) {
                throw new McpException(Errors.serverBusy("too many reads at once; try again"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to read", e);
        }
        try {
            return read.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            streams.release();
        }
    }
}
