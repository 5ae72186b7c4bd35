package dev.reservoir.testkit.server;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.TemplateRequest;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Templates whose content is made to measure, for the tests of content limits, with a count of the
 * streams open at any moment:
 * <ul>
 *   <li>{@code test://blob/{n}}: n bytes, a stream of announced size;
 *   <li>{@code test://sized/{actual}/{announced}}: a stream of actual bytes announcing another size
 *       ({@code unknown}: none);
 *   <li>{@code test://textsized/{actual}/{announced}}: the same as text of 'a's;
 *   <li>{@code test://text/{kind}/{n}} and {@code test://textstream/{kind}/{n}/{announced}}: n characters
 *       of a kind ({@code plain}, {@code quote}, {@code control}, {@code emoji}), held in memory or streamed;
 *   <li>{@code test://pair/{first}/{second}}: two contents, plain texts of that many characters;
 *   <li>{@code test://gone/{n}}: a stream of announced size n whose opening finds it gone;
 *   <li>{@code test://held/{n}}: n bytes whose stream waits, once opened, until {@link #release()};
 *   <li>{@code test://failing/{said}/{n}}: a stream of announced size 2n that fails after n bytes, with
 *       a message naming the resource ({@code said} = {@code uri}) or a server path ({@code path}).
 * </ul>
 */
final class ContentFixtures {

    final AtomicInteger open = new AtomicInteger();
    final AtomicInteger mostOpen = new AtomicInteger();
    final AtomicInteger opened = new AtomicInteger();
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch held = new CountDownLatch(1);

    McpServerBuilder builder() {
        return McpServer.builder()
                .serverInfo("content-fixtures", "1.0")
                .template(template("test://blob/{n}"), r -> binary(r, bytes(number(r, "n")), number(r, "n")))
                .template(
                        template("test://sized/{actual}/{announced}"),
                        r -> binary(r, bytes(number(r, "actual")), number(r, "announced")))
                .template(
                        template("test://textsized/{actual}/{announced}"),
                        r -> textStream(r, "a".repeat((int) number(r, "actual")), number(r, "announced")))
                .template(
                        template("test://text/{kind}/{n}"),
                        r -> ReadResult.of(
                                resource(r), ContentBody.text(text(r.variable("kind"), (int) number(r, "n")))))
                .template(
                        template("test://pair/{first}/{second}"),
                        r -> ReadResult.of(List.of(
                                new ResourceContent(
                                        resource(r), ContentBody.text(text("plain", (int) number(r, "first")))),
                                new ResourceContent(
                                        resource(r), ContentBody.text(text("plain", (int) number(r, "second")))))))
                .template(
                        template("test://textstream/{kind}/{n}/{announced}"),
                        r -> textStream(r, text(r.variable("kind"), (int) number(r, "n")), number(r, "announced")))
                .template(
                        template("test://gone/{n}"),
                        r -> ReadResult.of(
                                resource(r),
                                ContentBody.binaryStream(
                                        () -> {
                                            throw new dev.reservoir.core.ResourceNotFoundException(
                                                    r.uri().toString());
                                        },
                                        number(r, "n"))))
                .template(
                        template("test://failing/{said}/{n}"),
                        r -> ReadResult.of(
                                resource(r),
                                ContentBody.binaryStream(
                                        () -> counted(failingAfter(
                                                (int) number(r, "n"),
                                                r.variable("said").equals("uri")
                                                        ? r.uri() + " could not be read further: the disk failed"
                                                        : "/srv/secret/place: Input/output error")),
                                        2 * number(r, "n"))))
                .template(
                        template("test://held/{n}"),
                        r -> ReadResult.of(
                                resource(r),
                                ContentBody.binaryStream(
                                        () -> {
                                            held.countDown();
                                            await(release);
                                            return counted(new ByteArrayInputStream(bytes(number(r, "n"))));
                                        },
                                        number(r, "n"))));
    }

    /** n bytes, then an IOException with this message: a content that fails part-way. */
    private static InputStream failingAfter(int n, String message) {
        return new java.io.SequenceInputStream(new ByteArrayInputStream(bytes(n)), new InputStream() {
            @Override
            public int read() throws java.io.IOException {
                throw new java.io.IOException(message);
            }
        });
    }

    /** Waits until a held stream has been opened (its answer is being written). */
    void awaitHeld() throws InterruptedException {
        if (!held.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("no held stream was opened within 10 s");
        }
    }

    void release() {
        release.countDown();
    }

    static String text(String kind, int n) {
        return switch (kind) {
            case "plain" -> "a".repeat(n);
            case "printable" -> printable(n);
            case "quote" -> "\"".repeat(n);
            case "control" -> "\u0001".repeat(n);
            case "emoji" -> "\uD83D\uDE00".repeat(n);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** n characters of printable ASCII, without the two that JSON escapes (quote, backslash). */
    private static String printable(int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; b.length() < n; i++) {
            char c = (char) (0x20 + i % 0x5f);
            if (c != '"' && c != '\\') {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** n deterministic bytes that are not all alike. */
    static byte[] bytes(long n) {
        byte[] data = new byte[(int) n];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + (i >> 8));
        }
        return data;
    }

    private ReadResult binary(TemplateRequest r, byte[] data, long announced) {
        return ReadResult.of(
                resource(r), ContentBody.binaryStream(() -> counted(new ByteArrayInputStream(data)), announced));
    }

    private ReadResult textStream(TemplateRequest r, String text, long announced) {
        return ReadResult.of(
                resource(r),
                ContentBody.textStream(
                        () -> new InputStreamReader(
                                counted(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))),
                                StandardCharsets.UTF_8),
                        announced));
    }

    private InputStream counted(InputStream in) {
        opened.incrementAndGet();
        mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
        return new FilterInputStream(in) {
            private boolean closed;

            @Override
            public void close() throws IOException {
                if (!closed) {
                    closed = true;
                    open.decrementAndGet();
                }
                super.close();
            }
        };
    }

    private static ResourceTemplate template(String uriTemplate) {
        return ResourceTemplate.builder(uriTemplate, uriTemplate).build();
    }

    private static Resource resource(TemplateRequest r) {
        return Resource.builder(r.uri().toString(), "content")
                .mimeType("application/octet-stream")
                .build();
    }

    private static long number(TemplateRequest r, String name) {
        String value = r.variable(name);
        return value.equals("unknown") ? -1 : Long.parseLong(value);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }
}
