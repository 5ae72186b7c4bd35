package dev.reservoir.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Event-stream edge cases, as string literals: CR, LF, CRLF, split reads, multi-line data, comments. */
class SseParserTest {

    private final List<SseEvent> events = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private final List<Long> retries = new ArrayList<>();
    private final SseParser parser = new SseParser(new SseParser.Listener() {
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
    });

    @Test
    void everyLineEndingEndsALine() {
        parser.feed("data: a\n\ndata: b\r\rdata: c\r\n\r\n");
        assertThat(events).extracting(SseEvent::data).containsExactly("a", "b", "c");
    }

    @Test
    void aCrlfSplitAcrossReadsIsOneLineEnd() {
        parser.feed("data: x\r");
        parser.feed("\ndata: y\r");
        parser.feed("\n\r");
        parser.feed("\n");
        assertThat(events).extracting(SseEvent::data).containsExactly("x\ny");
    }

    @Test
    void multiLineDataJoinsWithLf() {
        parser.feed("event: update\ndata: {\"a\":\ndata:1}\n\n");
        assertThat(events).containsExactly(new SseEvent(null, "update", "{\"a\":\n1}"));
    }

    @Test
    void commentsAndUnknownFieldsAreNotEvents() {
        parser.feed(": keep-alive\n:\nfoo: bar\n\n");
        assertThat(events).isEmpty();
        assertThat(comments).containsExactly("keep-alive", "");
    }

    @Test
    void idsPersistAndRetryMustBeDigits() {
        parser.feed("id: 7\nretry: 1500\ndata: first\n\ndata: second\n\nretry: soon\nid: 8\u0000\ndata: third\n\n");
        assertThat(events).extracting(SseEvent::id).containsExactly("7", "7", "7");
        assertThat(retries).containsExactly(1500L);
        assertThat(parser.lastEventId()).isEqualTo("7");
    }

    @Test
    void anEmptyDataEventIsDispatchedButAnEventWithoutDataIsNot() {
        parser.feed("id: 1\ndata:\n\nid: 2\n\n");
        assertThat(events).containsExactly(new SseEvent("1", "message", ""));
        assertThat(parser.lastEventId()).isEqualTo("2");
    }

    @Test
    void utf8SplitInsideACharacterAndALeadingBomAreHandled() {
        byte[] bytes = "\uFEFFdata: Zürich ✓\n\n".getBytes(StandardCharsets.UTF_8);
        for (byte b : bytes) {
            parser.feed(new byte[] {b}, 0, 1);
        }
        assertThat(events).extracting(SseEvent::data).containsExactly("Zürich ✓");
    }

    @Test
    void anEventCutOffByTheEndIsDropped() {
        parser.feed("data: whole\n\ndata: half");
        parser.end();
        assertThat(events).extracting(SseEvent::data).containsExactly("whole");
    }

    @Test
    void aPeerThatNeverEndsAnEventCannotGrowTheParserWithoutBound() {
        SseParser small = new SseParser(e -> {}, 64);
        assertThatThrownBy(() -> small.feed("data: " + "x".repeat(100))).isInstanceOf(IllegalStateException.class);
    }
}
