package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WireTest {

    @Test
    void acceptAdmitsExactTypesFamiliesAndEverything() {
        assertThat(Wire.accepts(null, Wire.JSON)).isTrue();
        assertThat(Wire.accepts("", Wire.JSON)).isTrue();
        assertThat(Wire.accepts("application/json, text/event-stream", Wire.EVENT_STREAM))
                .isTrue();
        assertThat(Wire.accepts("Application/JSON;charset=utf-8", Wire.JSON)).isTrue();
        assertThat(Wire.accepts("application/*", Wire.JSON)).isTrue();
        assertThat(Wire.accepts("*/*", Wire.EVENT_STREAM)).isTrue();
        assertThat(Wire.accepts("text/html", Wire.JSON)).isFalse();
        assertThat(Wire.accepts("text/event-stream", Wire.JSON)).isFalse();
        assertThat(Wire.accepts("application/json;q=0, text/event-stream", Wire.JSON))
                .isFalse();
        assertThat(Wire.accepts("application/json;q=0.5", Wire.JSON)).isTrue();
    }
}
