package dev.reservoir.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SseEncoderTest {

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void writesFieldsInOrderThenDataThenABlankLine() {
        assertThat(text(SseEncoder.event("1-2", "message", "{}", 1000L)))
                .isEqualTo("id: 1-2\nevent: message\nretry: 1000\ndata: {}\n\n");
        assertThat(text(SseEncoder.event(null, null, "x", null))).isEqualTo("data: x\n\n");
    }

    @Test
    void emptyDataIsOneEmptyDataLine() {
        assertThat(text(SseEncoder.event("0-0", null, "", 500L))).isEqualTo("id: 0-0\nretry: 500\ndata: \n\n");
    }

    @Test
    void everyKindOfLineBreakInDataStartsANewDataLine() {
        assertThat(text(SseEncoder.event(null, null, "a\r\nb\rc\nd", null)))
                .isEqualTo("data: a\ndata: b\ndata: c\ndata: d\n\n");
    }

    @Test
    void idsAndTypesCannotBreakTheFraming() {
        assertThatThrownBy(() -> SseEncoder.event("1\n2", null, "", null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SseEncoder.event(null, "a\rb", "", null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SseEncoder.event(null, null, "", -1L)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void streamedDataIsFramedAsOneLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SseEncoder.writeFields(out, "3-1", null, null);
        SseEncoder.startData(out);
        out.write("{\"a\":\"b\\nc\"}".getBytes(StandardCharsets.UTF_8));
        SseEncoder.endData(out);
        assertThat(SseReader.readAll(out.toString(StandardCharsets.UTF_8)))
                .containsExactly(SseEvent.message("3-1", "{\"a\":\"b\\nc\"}"));
    }

    @Test
    void anIdPutInFrontOfAnEventComesFirst() {
        byte[] event = SseEncoder.event(null, "message", "{}", null);
        assertThat(text(SseEncoder.withId("0-7", event))).isEqualTo("id: 0-7\nevent: message\ndata: {}\n\n");
        assertThatThrownBy(() -> SseEncoder.withId("0\n7", event)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNumberedIdIsTheSameBytesAsItsText() {
        byte[] event = SseEncoder.event(null, "message", "{\"é\":1}", null);
        long[] numbers = {0, 1, 9, 10, 99, 100, 12_345, 999_999_999_999L, Long.MAX_VALUE};
        for (long stream : numbers) {
            for (long n : numbers) {
                assertThat(SseEncoder.withId(stream, n, event))
                        .as("%d-%d", stream, n)
                        .isEqualTo(SseEncoder.withId(stream + "-" + n, event))
                        .hasSize(SseEncoder.idFieldLength(stream, n) + event.length);
            }
        }
        assertThatThrownBy(() -> SseEncoder.withId(0, -1, event)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SseEncoder.withId(-1, 0, event)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anIdPutIntoAnArrayIsWithIdsBytesAndLeavesTheRestAlone() {
        byte[] event = SseEncoder.event(null, "message", "{\"é\":1}", null);
        byte[] into = new byte[200];
        java.util.Arrays.fill(into, (byte) '#');
        for (long n : new long[] {0, 9, 10, 12_345, Long.MAX_VALUE}) {
            int length = SseEncoder.putWithId(4, n, event, into);
            assertThat(length).isEqualTo(SseEncoder.idFieldLength(4, n) + event.length);
            assertThat(java.util.Arrays.copyOf(into, length))
                    .as("4-%d", n)
                    .isEqualTo(SseEncoder.withId("4-" + n, event));
        }
        assertThat(into[into.length - 1]).isEqualTo((byte) '#');
        byte[] tooShort = new byte[SseEncoder.idFieldLength(4, 7) + event.length - 1];
        assertThatThrownBy(() -> SseEncoder.putWithId(4, 7, event, tooShort))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("takes " + (tooShort.length + 1) + " bytes");
    }

    @Test
    void keepAlivesAndRetriesCarryNoEvent() {
        assertThat(SseReader.readAll(text(SseEncoder.keepAlive()) + text(SseEncoder.retry(10))))
                .isEmpty();
        assertThat(text(SseEncoder.retry(10))).isEqualTo("retry: 10\n\n");
    }

    @Test
    void encodedEventsRoundTripThroughTheParser() throws Exception {
        String data = "line one\r\nline two\rline three\n\nafter a blank";
        byte[] bytes = SseEncoder.event("5-9", "message", data, 1500L);
        java.util.List<SseEvent> events = new java.util.ArrayList<>();
        java.util.List<Long> retries = new java.util.ArrayList<>();
        SseReader reader = new SseReader(new java.io.ByteArrayInputStream(bytes), new SseReader.Fields() {
            @Override
            public void onRetry(long millis) {
                retries.add(millis);
            }
        });
        for (SseReader.Event e; (e = reader.next()) != null; ) {
            events.add(e.whole(1 << 20));
        }
        assertThat(events).containsExactly(SseEvent.message("5-9", "line one\nline two\nline three\n\nafter a blank"));
        assertThat(retries).containsExactly(1500L);
    }
}
