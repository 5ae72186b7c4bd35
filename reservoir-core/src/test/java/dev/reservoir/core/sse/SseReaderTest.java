package dev.reservoir.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The streaming SSE reader: line ends, split reads, multi-line data, comments, fields between data lines. */
class SseReaderTest {

    /** Every event as "type|id|data". */
    private static List<String> events(InputStream in) throws IOException {
        SseReader reader = new SseReader(in);
        List<String> out = new ArrayList<>();
        for (SseReader.Event e; (e = reader.next()) != null; ) {
            String data = new String(e.readAllBytes(), StandardCharsets.UTF_8);
            out.add(e.type() + "|" + e.id() + "|" + data);
        }
        return out;
    }

    private static List<String> events(String stream) throws IOException {
        return events(new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)));
    }

    /** Hands out one byte per read: every boundary falls between two reads. */
    private static InputStream trickle(String stream) {
        byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            int pos;

            @Override
            public int read() {
                return pos < bytes.length ? bytes[pos++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (pos >= bytes.length) {
                    return -1;
                }
                b[off] = bytes[pos++];
                return 1;
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"\n", "\r", "\r\n"})
    void everyLineEndWorks(String eol) throws IOException {
        String stream = "event: message" + eol + "id: 7" + eol + "data: {\"a\":1}" + eol + eol + "data: x" + eol + eol;
        assertThat(events(stream)).containsExactly("message|7|{\"a\":1}", "message|7|x");
        assertThat(events(trickle(stream))).containsExactly("message|7|{\"a\":1}", "message|7|x");
    }

    @Test
    void dataLinesJoinWithLf() throws IOException {
        assertThat(events("data: one\ndata:two\r\ndata\ndata:  three\n\n"))
                .containsExactly("message|null|one\ntwo\n\n three");
    }

    @Test
    void commentsAndUnknownFieldsAreIgnoredAndFieldsBetweenDataLinesApply() throws IOException {
        String stream = ": keep-alive\n\nfoo: bar\ndata: a\nid: 9\n: note\ndata: b\nevent: endpoint\n\n";
        SseReader reader = new SseReader(trickle(stream));
        SseReader.Event e = reader.next();
        assertThat(new String(e.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("a\nb");
        assertThat(e.type()).isEqualTo("endpoint");
        assertThat(e.id()).isEqualTo("9");
        assertThat(reader.next()).isNull();
    }

    @Test
    void anEventWithoutDataIsNotDispatchedButItsIdAndRetryCount() throws IOException {
        SseReader reader = new SseReader(
                new ByteArrayInputStream("id: 42\nretry: 1500\n\nretry: 15x\n\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(reader.next()).isNull();
        assertThat(reader.lastEventId()).isEqualTo("42");
        assertThat(reader.retryMillis()).isEqualTo(1500);
    }

    @Test
    void anIdWithNulIsIgnoredAndAnEmptyIdResets() throws IOException {
        assertThat(events("id: 1\ndata: a\n\nid: x\u0000y\ndata: b\n\nid\ndata: c\n\n"))
                .containsExactly("message|1|a", "message|1|b", "message|null|c");
    }

    @Test
    void aLeadingBomIsSkipped() throws IOException {
        assertThat(events("\uFEFFdata: a\n\n")).containsExactly("message|null|a");
    }

    @Test
    void anEmptyDataLineIsAPrimingEvent() throws IOException {
        assertThat(events("id: p\ndata:\n\ndata: x\n\n")).containsExactly("message|p|", "message|p|x");
    }

    @Test
    void anEventCutOffByTheEndFailsItsDataAndIsNotDispatched() throws IOException {
        SseReader reader = new SseReader(new ByteArrayInputStream("data: {\"half".getBytes(StandardCharsets.UTF_8)));
        SseReader.Event e = reader.next();
        assertThatThrownBy(e::readAllBytes).isInstanceOf(EOFException.class);
        SseReader two =
                new SseReader(new ByteArrayInputStream("data: a\n\ndata: b\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(new String(two.next().readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo("a");
        SseReader.Event cut = two.next();
        assertThatThrownBy(cut::readAllBytes).isInstanceOf(EOFException.class);
        assertThat(two.next()).isNull();
    }

    @Test
    void unreadDataIsSkippedByTheNextEvent() throws IOException {
        SseReader reader = new SseReader(trickle("data: 123456789\ndata: more\n\ndata: next\n\n"));
        SseReader.Event first = reader.next();
        assertThat(first.read()).isEqualTo('1');
        SseReader.Event second = reader.next();
        assertThat(new String(second.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("next");
    }

    @Test
    void largeDataStreamsThroughWithoutALimit() throws IOException {
        String big = "x".repeat(3 << 20);
        SseReader reader =
                new SseReader(new ByteArrayInputStream(("data: " + big + "\n\n").getBytes(StandardCharsets.UTF_8)));
        SseReader.Event e = reader.next();
        byte[] buffer = new byte[8192];
        long total = 0;
        for (int n; (n = e.read(buffer, 0, buffer.length)) >= 0; ) {
            total += n;
        }
        assertThat(total).isEqualTo(big.length());
    }

    @Test
    void utf8PassesThroughUnchanged() throws IOException {
        assertThat(events(trickle("data: h\u00e9llo \u4e16\u754c\n\n")))
                .containsExactly("message|null|h\u00e9llo \u4e16\u754c");
    }
}
