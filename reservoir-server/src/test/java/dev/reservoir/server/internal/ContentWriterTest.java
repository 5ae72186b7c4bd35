package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.internal.rpc.AnswerBrokenException;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ResourceContent;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Text is written as its bytes when JSON needs no escape in it, and a streamed blob's base64 with
 * the JDK's encoder: the wire is the same as Jackson's.
 */
class ContentWriterTest {

    private static final WireFormat WIRE = WireFormat.of(ProtocolRevision.V2025_11_25);

    /** Texts with each kind of character JSON writes its own way. */
    static List<String> texts() {
        return List.of(
                "",
                "plain printable ASCII, with / and ~ and {braces}",
                "a \" quote",
                "a \\ backslash",
                "a tab\there",
                "a line\nbreak",
                "\u0001 control",
                "delete \u007f is not escaped",
                "caf\u00e9",
                "\u00ff at the end of Latin-1",
                "emoji \ud83d\ude00",
                "\u4e2d\u6587");
    }

    /** {@link #texts()} as UTF-8, and bytes that are not UTF-8 (an overlong '/', a cut sequence, 0xFF). */
    static List<byte[]> utf8Texts() {
        List<byte[]> all = new java.util.ArrayList<>();
        texts().forEach(text -> all.add(text.getBytes(StandardCharsets.UTF_8)));
        all.add(new byte[] {'a', (byte) 0xC0, (byte) 0xAF, 'b', (byte) 0xE2, (byte) 0x82, 'c', (byte) 0xFF});
        return all;
    }

    @ParameterizedTest
    @MethodSource("texts")
    void textIsWrittenAsJacksonWritesIt(String text) throws IOException {
        ResourceContent item = new ResourceContent(
                Resource.builder("mem://t", "t").mimeType("text/plain").build(), ContentBody.text(text));
        ByteArrayOutputStream ours = ours(item);
        ByteArrayOutputStream jackson = jackson(item, g -> g.writeStringField("text", text));
        assertThat(ours.toString(StandardCharsets.UTF_8)).isEqualTo(jackson.toString(StandardCharsets.UTF_8));
        assertThat(sentText(ours)).isEqualTo(text);
    }

    /** The "text" field of an item written, as a client reads it. */
    private static String sentText(ByteArrayOutputStream written) throws IOException {
        return JsonRpcCodec.standard()
                .mapper()
                .readTree(written.toByteArray())
                .get("text")
                .textValue();
    }

    /**
     * Text given as UTF-8 bytes is sent as the text they hold: the same bytes as the text given as
     * a string, a malformed sequence as U+FFFD (as {@code new String(bytes, UTF_8)} has it). Its
     * measure (stdio's message cap) is the length written, exact or an upper bound, and its stream
     * and reader give that text.
     */
    @ParameterizedTest
    @MethodSource("utf8Texts")
    void textGivenAsUtf8BytesIsSentAsTheTextTheyHold(byte[] utf8) throws IOException {
        String text = new String(utf8, StandardCharsets.UTF_8);
        Resource resource =
                Resource.builder("mem://t", "t").mimeType("text/plain").build();
        ContentBody body = ContentBody.utf8Text(utf8);
        ByteArrayOutputStream ours = ours(new ResourceContent(resource, body));
        assertThat(ours.toString(StandardCharsets.UTF_8))
                .isEqualTo(ours(new ResourceContent(resource, ContentBody.text(text)))
                        .toString(StandardCharsets.UTF_8))
                .isEqualTo(jackson(new ResourceContent(resource, body), g -> g.writeStringField("text", text))
                        .toString(StandardCharsets.UTF_8));
        assertThat(sentText(ours)).isEqualTo(text);

        long written = JsonRpcCodec.standard().mapper().writeValueAsBytes(text).length - 2; // without its quotes
        assertThat(ContentMeter.length(body, Long.MAX_VALUE, true)).isEqualTo(written);
        assertThat(ContentMeter.length(body, Long.MAX_VALUE, false)).isGreaterThanOrEqualTo(written);
        assertThat(ContentMeter.length(body, written, true)).isEqualTo(written);
        if (written > 0) {
            assertThat(ContentMeter.length(body, written - 1, true)).isEqualTo(ContentMeter.OVER);
            assertThat(ContentMeter.length(body, written - 1, false)).isEqualTo(ContentMeter.OVER);
        }
        assertThat(ContentMeter.lowerBound(body)).isEqualTo(written);
        assertThat(body.openStream().readAllBytes()).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
        try (java.io.Reader reader = body.openReader()) {
            StringBuilder read = new StringBuilder();
            for (int c; (c = reader.read()) >= 0; ) {
                read.append((char) c);
            }
            assertThat(read.toString()).isEqualTo(text);
        }
        assertThat(body.isText()).isTrue();
    }

    /**
     * The check reads eight bytes at a time: every byte value, at every place of the words and of
     * the tail after them, is judged as a byte-at-a-time check judges it.
     */
    @Test
    void theWordAtATimeCheckAgreesWithTheByteAtATimeOne() {
        for (int length = 1; length <= 20; length++) {
            for (int at = 0; at < length; at++) {
                for (int value = 0; value < 256; value++) {
                    byte[] bytes =
                            "abcdefghijklmnopqrstuvwxyz".substring(0, length).getBytes(StandardCharsets.US_ASCII);
                    bytes[at] = (byte) value;
                    boolean plain = value >= 0x20 && value < 0x80 && value != '"' && value != '\\';
                    assertThat(ContentWriter.plainAscii(bytes))
                            .as("byte 0x%02x at %d of %d", value, at, length)
                            .isEqualTo(plain);
                }
            }
        }
        assertThat(ContentWriter.plainAscii(new byte[0])).isTrue();
    }

    /** The check looks at blocks of words: a byte to escape is found in any block, at its edges too. */
    @Test
    void aByteToEscapeIsFoundInEveryBlock() {
        int length = 3 * 4096 + 21;
        for (int at : new int[] {0, 7, 8, 4095, 4096, 4097, 4103, 4104, 8191, 8192, 12_287, 12_288, 12_295, 12_308}) {
            for (byte value : new byte[] {'"', '\\', 0x00, 0x1f, (byte) 0x80, (byte) 0xff}) {
                byte[] bytes = new byte[length];
                java.util.Arrays.fill(bytes, (byte) 'a');
                assertThat(ContentWriter.plainAscii(bytes)).isTrue();
                bytes[at] = value;
                assertThat(ContentWriter.plainAscii(bytes))
                        .as("byte 0x%02x at %d", value, at)
                        .isFalse();
            }
        }
    }

    /** A character JSON escapes, anywhere in a text longer than a word, is escaped as Jackson escapes it. */
    @Test
    void anEscapeAnywhereInALongerTextIsWrittenAsJacksonWritesIt() throws IOException {
        for (char c : new char[] {'"', '\\', '\n', '\u0000', '\u001f', '\u00e9'}) {
            for (int at = 0; at < 19; at++) {
                StringBuilder b = new StringBuilder("0123456789abcdefghi");
                b.setCharAt(at, c);
                String text = b.toString();
                ResourceContent item = new ResourceContent(
                        Resource.builder("mem://t", "t").mimeType("text/plain").build(), ContentBody.text(text));
                assertThat(ours(item).toString(StandardCharsets.UTF_8))
                        .isEqualTo(jackson(item, g -> g.writeStringField("text", text))
                                .toString(StandardCharsets.UTF_8));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            ints = {
                0, 1, 2, 3, 4, 49_151, 49_152, 49_153, 98_304, 100_000, 196_607, 196_608, 196_609, 400_000, 786_431,
                786_432, 786_433, 2_000_000
            })
    void aBlobIsWrittenAsJacksonWritesIt(int size) throws IOException {
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (i * 131 + 17);
        }
        for (ContentBody body : List.of(
                ContentBody.binaryStream(() -> new ByteArrayInputStream(data), size),
                ContentBody.binaryStream(() -> new ByteArrayInputStream(data), -1),
                ContentBody.bytes(data))) {
            // stdio's pieces (64 KiB of base64), 256 KiB, HTTP's (1 MiB), and one of a piece's least
            for (int writeBytes : new int[] {64 << 10, 256 << 10, 1 << 20, 1}) {
                assertBlobAsJacksonWritesIt(body, data, writeBytes);
            }
        }
    }

    @Test
    void aReadBeyondTheLargePiecesWritesSmallOnesAndEveryReadGivesItsPlaceBack() throws IOException {
        int places = ContentWriter.LARGE_PIECE_READS.availablePermits();
        byte[] data = new byte[400_000];
        new java.util.SplittableRandom(5).nextBytes(data);
        ContentWriter.LARGE_PIECE_READS.acquireUninterruptibly(places);
        try {
            // No place left: written in small pieces, the same bytes.
            assertBlobAsJacksonWritesIt(
                    ContentBody.binaryStream(() -> new ByteArrayInputStream(data), data.length), data, 256 << 10);
            assertThat(largestWrite(data, 256 << 10)).isLessThanOrEqualTo(64 << 10);
            assertThat(ContentWriter.LARGE_PIECE_READS.availablePermits()).isZero();
        } finally {
            ContentWriter.LARGE_PIECE_READS.release(places);
        }
        // A read that breaks (its stream is shorter than announced) gives its place back too.
        ResourceContent broken = new ResourceContent(
                Resource.builder("mem://b", "b").build(),
                ContentBody.binaryStream(() -> new ByteArrayInputStream(new byte[300_000]), 400_000));
        assertThatThrownBy(() -> ours(broken, 256 << 10)).isInstanceOf(AnswerBrokenException.class);
        assertBlobAsJacksonWritesIt(
                ContentBody.binaryStream(() -> new ByteArrayInputStream(data), data.length), data, 256 << 10);
        assertThat(largestWrite(data, 256 << 10)).isEqualTo(256 << 10);
        assertThat(ContentWriter.LARGE_PIECE_READS.availablePermits()).isEqualTo(places);
    }

    /** The largest single write a blob's answer made to its stream. */
    private static int largestWrite(byte[] data, int writeBytes) throws IOException {
        int[] largest = {0};
        java.io.OutputStream out = new java.io.OutputStream() {
            @Override
            public void write(int b) {
                largest[0] = Math.max(largest[0], 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                largest[0] = Math.max(largest[0], len);
            }
        };
        ResourceContent item = new ResourceContent(
                Resource.builder("mem://b", "b").build(),
                ContentBody.binaryStream(() -> new ByteArrayInputStream(data), data.length));
        try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
            ContentWriter.write(g, WIRE, item, null, Long.MAX_VALUE, writeBytes);
        }
        return largest[0];
    }

    @Test
    void aPieceIsAMultipleOfThreeWithinItsBounds() {
        assertThat(ContentWriter.base64Piece(64 << 10)).isEqualTo(49_152);
        assertThat(ContentWriter.base64Piece(256 << 10)).isEqualTo(196_608);
        assertThat(ContentWriter.base64Piece(1)).isEqualTo(3 << 10);
        assertThat(ContentWriter.base64Piece(Integer.MAX_VALUE)).isEqualTo(3 << 20);
        assertThat(ContentWriter.base64Piece(100_001) % 3).isZero();
    }

    private static void assertBlobAsJacksonWritesIt(ContentBody body, byte[] data, int writeBytes) throws IOException {
        int size = data.length;
        ResourceContent item = new ResourceContent(
                Resource.builder("mem://b", "b")
                        .mimeType("application/octet-stream")
                        .build(),
                body);
        ByteArrayOutputStream ours = ours(item, writeBytes);
        ByteArrayOutputStream jackson = jackson(item, g -> {
            g.writeFieldName("blob");
            g.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, data, 0, size);
        });
        assertThat(ours.toString(StandardCharsets.US_ASCII)).isEqualTo(jackson.toString(StandardCharsets.US_ASCII));
        assertThat(Base64.getDecoder()
                        .decode(JsonRpcCodec.standard()
                                .mapper()
                                .readTree(ours.toByteArray())
                                .get("blob")
                                .textValue()))
                .isEqualTo(data);
    }

    @Test
    void aStreamedBlobShorterThanAnnouncedBreaksTheAnswer() {
        ResourceContent item = new ResourceContent(
                Resource.builder("mem://b", "b").build(),
                ContentBody.binaryStream(() -> new ByteArrayInputStream(new byte[60_000]), 70_000));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThatThrownBy(() -> {
                    try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
                        ContentWriter.write(g, WIRE, item, null, Long.MAX_VALUE, 64 << 10);
                    }
                })
                .isInstanceOf(AnswerBrokenException.class);
    }

    /** The item as ContentWriter writes it. */
    private static ByteArrayOutputStream ours(ResourceContent item) throws IOException {
        return ours(item, 64 << 10);
    }

    private static ByteArrayOutputStream ours(ResourceContent item, int writeBytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
            ContentWriter.write(g, WIRE, item, null, Long.MAX_VALUE, writeBytes);
        }
        return out;
    }

    private interface Field {
        void write(JsonGenerator g) throws IOException;
    }

    /** The item's header written by the wire format, then its content field as Jackson writes it. */
    private static ByteArrayOutputStream jackson(ResourceContent item, Field content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonRpcCodec.standard().generator(out)) {
            g.writeStartObject();
            WIRE.writeContentsHeader(g, item.resource(), item.body().size());
            content.write(g);
            g.writeEndObject();
        }
        return out;
    }
}
