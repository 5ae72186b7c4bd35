package dev.reservoir.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The WHATWG event-stream rules, read by the one parser both HTTP ends share ({@link SseReader}):
 * every line ending, reads split anywhere, comments, ids, retries, limits.
 */
class SseRulesTest {

    /** Everything the reader reports, for exact assertions. */
    private static final class Recorder implements SseReader.Fields {
        final List<SseEvent> events = new ArrayList<>();
        final List<Long> retries = new ArrayList<>();
        final List<String> comments = new ArrayList<>();
        String lastEventId;

        @Override
        public void onRetry(long millis) {
            retries.add(millis);
        }

        @Override
        public void onComment(String text) {
            comments.add(text);
        }
    }

    /** A stream that hands out its chunks one read at a time, as a network would. */
    private static InputStream chunked(byte[]... chunks) {
        return new InputStream() {
            private int chunk;
            private int at;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                while (chunk < chunks.length && at == chunks[chunk].length) {
                    chunk++;
                    at = 0;
                }
                if (chunk == chunks.length) {
                    return -1;
                }
                int n = Math.min(len, chunks[chunk].length - at);
                System.arraycopy(chunks[chunk], at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    private static Recorder read(byte[]... chunks) {
        Recorder r = new Recorder();
        SseReader reader = new SseReader(chunked(chunks), r);
        try {
            for (SseReader.Event e; (e = reader.next()) != null; ) {
                r.events.add(e.whole(1 << 20));
            }
        } catch (java.io.EOFException cut) {
            // An event cut off by the end of the stream: discarded.
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        r.lastEventId = reader.lastEventId();
        return r;
    }

    private static Recorder read(String... chunks) {
        byte[][] bytes = new byte[chunks.length][];
        for (int i = 0; i < chunks.length; i++) {
            bytes[i] = chunks[i].getBytes(StandardCharsets.UTF_8);
        }
        return read(bytes);
    }

    private static List<SseEvent> parse(String... chunks) {
        return read(chunks).events;
    }

    @Test
    void linesMayEndWithLfCrOrCrlf() {
        List<SseEvent> expected = List.of(SseEvent.message(null, "a"), SseEvent.message(null, "b"));
        assertThat(parse("data: a\n\ndata: b\n\n")).isEqualTo(expected);
        assertThat(parse("data: a\r\rdata: b\r\r")).isEqualTo(expected);
        assertThat(parse("data: a\r\n\r\ndata: b\r\n\r\n")).isEqualTo(expected);
        assertThat(parse("data: a\r\n\ndata: b\r\r\n")).isEqualTo(expected);
    }

    @Test
    void aCrlfSplitAcrossTwoReadsIsOneLineEnd() {
        assertThat(parse("data: a\r", "\n\r", "\ndata: b\r", "\n", "\r\n"))
                .containsExactly(SseEvent.message(null, "a"), SseEvent.message(null, "b"));
    }

    @Test
    void aLineSplitAnywhereIsReassembled() {
        String stream = "id: 7-1\nevent: message\ndata: {\"x\":1}\n\n";
        for (int cut = 0; cut <= stream.length(); cut++) {
            assertThat(parse(stream.substring(0, cut), stream.substring(cut)))
                    .as("cut at %d", cut)
                    .containsExactly(SseEvent.message("7-1", "{\"x\":1}"));
        }
    }

    @Test
    void multiByteCharactersSplitBetweenChunksDecode() {
        byte[] bytes = "data: gr\u00fcn \u2603\n\n".getBytes(StandardCharsets.UTF_8);
        for (int cut = 0; cut <= bytes.length; cut++) {
            Recorder r = read(
                    java.util.Arrays.copyOfRange(bytes, 0, cut),
                    java.util.Arrays.copyOfRange(bytes, cut, bytes.length));
            assertThat(r.events).as("cut at %d", cut).containsExactly(SseEvent.message(null, "gr\u00fcn \u2603"));
        }
    }

    @Test
    void dataLinesJoinWithLf() {
        assertThat(parse("data: one\ndata:two\ndata\ndata:  four\n\n"))
                .containsExactly(SseEvent.message(null, "one\ntwo\n\n four"));
    }

    @Test
    void commentsAreReportedAndDispatchNothing() {
        Recorder r = read(":\n\n: keep-alive\n\n:x\ndata: d\n\n");
        assertThat(r.comments).containsExactly("", "keep-alive", "x");
        assertThat(r.events).containsExactly(SseEvent.message(null, "d"));
    }

    @Test
    void anEventWithoutDataIsNotDispatchedButItsIdSticks() {
        Recorder r = read("id: 3-5\nevent: x\n\n");
        assertThat(r.events).isEmpty();
        assertThat(r.lastEventId).isEqualTo("3-5");
        assertThat(parse("id: 3-5\nevent: x\n\n", "data: next\n\n")).containsExactly(SseEvent.message("3-5", "next"));
    }

    @Test
    void anEmptyDataLineIsAnEventWithEmptyData() {
        assertThat(parse("id: 0-0\nretry: 100\ndata:\n\n")).containsExactly(SseEvent.message("0-0", ""));
        assertThat(parse("id: 0-0\ndata: \n\n")).containsExactly(SseEvent.message("0-0", ""));
    }

    @Test
    void theEventTypeResetsAfterEachEvent() {
        assertThat(parse("event: endpoint\ndata: /message\n\ndata: x\n\n"))
                .containsExactly(new SseEvent(null, "endpoint", "/message"), SseEvent.message(null, "x"));
    }

    @Test
    void anIdWithNulIsIgnoredAndAnEmptyIdResets() {
        assertThat(parse("id: 1\ndata: a\n\nid: bad\u0000id\ndata: b\n\nid\ndata: c\n\n"))
                .containsExactly(SseEvent.message("1", "a"), SseEvent.message("1", "b"), SseEvent.message(null, "c"));
    }

    @Test
    void retryCountsOnlyWhenAllDigits() {
        Recorder r = read("retry: 2500\nretry: 12a\nretry: -1\nretry:\nretry: 99999999999999999999999\nretry:7\n\n");
        assertThat(r.retries).containsExactly(2500L, 7L);
        assertThat(r.events).isEmpty();
    }

    @Test
    void onlyOneSpaceAfterTheColonIsStrippedAndUnknownFieldsAreIgnored() {
        assertThat(parse("data:  two spaces\nfoo: bar\nDATA: no\n\n"))
                .containsExactly(SseEvent.message(null, " two spaces"));
    }

    @Test
    void aLeadingByteOrderMarkIsSkippedOnce() {
        assertThat(parse("\uFEFFdata: a\n\n")).containsExactly(SseEvent.message(null, "a"));
        assertThat(parse("\uFEFF", "\uFEFFdata: a\n\n")).isEmpty(); // a second BOM is part of a field name
    }

    @Test
    void anEventCutOffByTheEndOfTheStreamIsDiscarded() {
        assertThat(parse("data: whole\n\ndata: half")).containsExactly(SseEvent.message(null, "whole"));
        assertThat(parse("data: whole\n\ndata: half\n")).containsExactly(SseEvent.message(null, "whole"));
    }

    @Test
    void aLineOrEventOverTheLimitFails() {
        assertThatThrownBy(() ->
                        SseReader.readAll(chunked(("data: " + "x".repeat(20)).getBytes(StandardCharsets.UTF_8)), 16))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("longer than 16");
        assertThatThrownBy(() -> SseReader.readAll(
                        chunked("data: 12345678\ndata: 12345678\n".getBytes(StandardCharsets.UTF_8)), 16))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("longer than 16");
    }
}
