package dev.reservoir.bench.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EventFeedTest {

    /** What a feed told. */
    private static final class Told implements EventFeed.Listener {
        final List<String> events = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        int opened;

        @Override
        public void opened() {
            opened++;
        }

        @Override
        public void event(byte[] bytes, int length) {
            events.add(new String(bytes, 0, length, StandardCharsets.UTF_8));
        }

        @Override
        public void failed(String why) {
            failures.add(why);
        }
    }

    private static final String EVENTS = ": a comment\r\n\r\n"
            + "event: message\r\ndata: {\"method\":\"notifications/subscriptions/acknowledged\"}\r\n\r\n"
            + "\n" // a blank line between events
            + "id: 7\ndata: {\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"bench://text/0\"}}\n\n"
            + "data: ü\ndata: two lines\r\n\r\n";

    private static final List<String> EXPECTED = List.of(
            ": a comment\n",
            "event: message\ndata: {\"method\":\"notifications/subscriptions/acknowledged\"}\n",
            "id: 7\ndata: {\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"bench://text/0\"}}\n",
            "data: ü\ndata: two lines\n");

    @Test
    void aChunkedStreamGivesEveryEventWholeHoweverItsBytesArrive() {
        // Chunks cut the events anywhere: within a line, between CR and LF, and within "ü".
        byte[] body = EVENTS.getBytes(StandardCharsets.UTF_8);
        Random random = new Random(3);
        List<byte[]> pieces = new ArrayList<>();
        for (int at = 0; at < body.length; ) {
            int n = Math.min(body.length - at, 1 + random.nextInt(20));
            byte[] piece = java.util.Arrays.copyOfRange(body, at, at + n);
            pieces.add(piece);
            at += n;
        }
        byte[] answer = answer(
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n", pieces);
        for (int cut = 1; cut <= answer.length; cut++) {
            Told told = feed(answer, cut);
            assertThat(told.failures).as("cut %d", cut).isEmpty();
            assertThat(told.opened).isEqualTo(1);
            assertThat(told.events).as("cut %d", cut).isEqualTo(EXPECTED);
        }
        // With a chunk extension, and the last chunk: the stream is done.
        byte[] ended = concat(
                ascii("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream;charset=utf-8\r\n"
                        + "transfer-encoding: chunked\r\n\r\n"),
                ascii(Integer.toHexString(body.length) + ";name=value\r\n"),
                body,
                ascii("\r\n0\r\n\r\n"));
        Told told = new Told();
        EventFeed feed = new EventFeed(told);
        feed.feed(ended, 0, ended.length);
        assertThat(told.events).isEqualTo(EXPECTED);
        assertThat(feed.done()).isTrue();
        assertThat(told.failures).isEmpty();
    }

    @Test
    void aBodyOfAContentLengthOrToTheEndIsReadAsItIs() {
        byte[] body = EVENTS.getBytes(StandardCharsets.UTF_8);
        byte[] withLength = concat(
                ascii("HTTP/1.1 200 OK\nContent-Type: text/event-stream\nContent-Length: " + body.length + "\n\n"),
                body,
                ascii("data: after the body\n\n"));
        byte[] toTheEnd = concat(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n"), body);
        for (int cut = 1; cut <= withLength.length; cut++) {
            Told told = new Told();
            EventFeed feed = new EventFeed(told);
            for (int at = 0; at < withLength.length; at += cut) {
                feed.feed(withLength, at, Math.min(cut, withLength.length - at));
            }
            assertThat(told.events).as("cut %d", cut).isEqualTo(EXPECTED);
            assertThat(feed.done()).isTrue();
            Told rest = feed(toTheEnd, cut);
            assertThat(rest.events).isEqualTo(EXPECTED);
            assertThat(rest.failures).isEmpty();
        }
    }

    @Test
    void anAnswerThatIsNotAStreamOrIsBrokenFailsOnce() {
        Told notFound = feed(ascii("HTTP/1.1 404 Not Found\r\nContent-Type: text/event-stream\r\n\r\ndata: x\n\n"), 5);
        assertThat(notFound.failures).singleElement().asString().contains("404");
        assertThat(notFound.events).isEmpty();
        assertThat(notFound.opened).isZero();

        Told json = feed(ascii("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"), 3);
        assertThat(json.failures).singleElement().asString().contains("application/json");

        Told badChunk = feed(
                ascii("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "zz\r\ndata: x\n\n"),
                4);
        assertThat(badChunk.failures).singleElement().asString().contains("hexadecimal");

        Told noLineEnd = feed(
                ascii("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "2\r\nabX\r\n"),
                1);
        assertThat(noLineEnd.failures).singleElement().asString().contains("line end");

        Told badLength =
                feed(ascii("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: many\r\n\r\n"), 7);
        assertThat(badLength.failures).singleElement().asString().contains("Content-Length");

        Told garbage = feed(ascii("SSH-2.0-OpenSSH\r\n\r\n"), 2);
        assertThat(garbage.failures).singleElement().asString().contains("status line");
    }

    @Test
    void findsBytesAnywhereAndOnlyWhereTheyAre() {
        byte[] hay = ascii("notifications/resources/updated");
        assertThat(EventFeed.contains(hay, hay.length, ascii("notifications"))).isTrue();
        assertThat(EventFeed.contains(hay, hay.length, ascii("updated"))).isTrue();
        assertThat(EventFeed.contains(hay, hay.length, hay)).isTrue();
        assertThat(EventFeed.contains(hay, hay.length - 1, ascii("updated"))).isFalse(); // past the length
        assertThat(EventFeed.contains(hay, hay.length, ascii("resources/updatedX")))
                .isFalse();
        assertThat(EventFeed.contains(hay, 3, hay)).isFalse();
        assertThat(EventFeed.contains(hay, hay.length, ascii("/list"))).isFalse();
    }

    private static Told feed(byte[] answer, int cut) {
        Told told = new Told();
        EventFeed feed = new EventFeed(told);
        for (int at = 0; at < answer.length; at += cut) {
            feed.feed(answer, at, Math.min(cut, answer.length - at));
        }
        return told;
    }

    /** Headers, then each piece as one chunk. */
    private static byte[] answer(String headers, List<byte[]> pieces) {
        List<byte[]> parts = new ArrayList<>();
        parts.add(ascii(headers));
        for (byte[] piece : pieces) {
            parts.add(ascii(Integer.toHexString(piece.length) + "\r\n"));
            parts.add(piece);
            parts.add(ascii("\r\n"));
        }
        return concat(parts.toArray(byte[][]::new));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
