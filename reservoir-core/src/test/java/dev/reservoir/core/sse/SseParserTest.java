package dev.reservoir.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The parser both HTTP ends share ({@link SseParser}, in reservoir-core), read against what this
 * transport writes: every line ending, reads split anywhere.
 */
class SseParserTest {

    /** Records everything the parser reports, for exact assertions. */
    private static final class Recorder implements SseParser.Listener {
        final List<SseEvent> events = new ArrayList<>();
        final List<Long> retries = new ArrayList<>();
        final List<String> comments = new ArrayList<>();

        @Override
        public void onEvent(SseEvent event) {
            events.add(event);
        }

        @Override
        public void onRetry(long millis) {
            retries.add(millis);
        }

        @Override
        public void onComment(String text) {
            comments.add(text);
        }
    }

    private static List<SseEvent> parse(String... chunks) {
        Recorder r = new Recorder();
        SseParser p = new SseParser(r);
        for (String chunk : chunks) {
            p.feed(chunk);
        }
        p.end();
        return r.events;
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
            Recorder r = new Recorder();
            SseParser p = new SseParser(r);
            p.feed(bytes, 0, cut);
            p.feed(bytes, cut, bytes.length - cut);
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
        Recorder r = new Recorder();
        SseParser p = new SseParser(r);
        p.feed(":\n\n: keep-alive\n\n:x\ndata: d\n\n");
        assertThat(r.comments).containsExactly("", "keep-alive", "x");
        assertThat(r.events).containsExactly(SseEvent.message(null, "d"));
    }

    @Test
    void anEventWithoutDataIsNotDispatchedButItsIdSticks() {
        Recorder r = new Recorder();
        SseParser p = new SseParser(r);
        p.feed("id: 3-5\nevent: x\n\n");
        assertThat(r.events).isEmpty();
        assertThat(p.lastEventId()).isEqualTo("3-5");
        p.feed("data: next\n\n");
        assertThat(r.events).containsExactly(SseEvent.message("3-5", "next"));
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
        Recorder r = new Recorder();
        SseParser p = new SseParser(r);
        p.feed("retry: 2500\nretry: 12a\nretry: -1\nretry:\nretry: 99999999999999999999999\nretry:7\n\n");
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
        SseParser p = new SseParser(e -> {}, 16);
        assertThatThrownBy(() -> p.feed("data: " + "x".repeat(20))).isInstanceOf(IllegalStateException.class);
        SseParser q = new SseParser(e -> {}, 16);
        assertThatThrownBy(() -> q.feed("data: 12345678\ndata: 12345678\n")).isInstanceOf(IllegalStateException.class);
    }
}
