package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HttpTest {

    @Test
    void acceptAdmitsExactTypesFamiliesAndEverything() {
        assertThat(Http.accepts(null, Http.JSON)).isTrue();
        assertThat(Http.accepts("", Http.JSON)).isTrue();
        assertThat(Http.accepts("application/json, text/event-stream", Http.EVENT_STREAM))
                .isTrue();
        assertThat(Http.accepts("Application/JSON;charset=utf-8", Http.JSON)).isTrue();
        assertThat(Http.accepts("application/*", Http.JSON)).isTrue();
        assertThat(Http.accepts("*/*", Http.EVENT_STREAM)).isTrue();
        assertThat(Http.accepts("text/html", Http.JSON)).isFalse();
        assertThat(Http.accepts("text/event-stream", Http.JSON)).isFalse();
        assertThat(Http.accepts("application/json;q=0, text/event-stream", Http.JSON))
                .isFalse();
        assertThat(Http.accepts("application/json;q=0.5", Http.JSON)).isTrue();
    }
}
