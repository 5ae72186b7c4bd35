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

    @Test
    void theMostSpecificMatchingRangeDecides() {
        assertThat(Http.accepts("*/*, application/json;q=0", Http.JSON)).isFalse();
        assertThat(Http.accepts("application/json;q=0, */*", Http.JSON)).isFalse();
        assertThat(Http.accepts("application/*;q=0, application/json", Http.JSON))
                .isTrue();
        assertThat(Http.accepts("*/*;q=0, text/*", Http.EVENT_STREAM)).isTrue();
        assertThat(Http.accepts("application/*;q=0, */*", Http.JSON)).isFalse();
        assertThat(Http.accepts("application/*;q=0, */*", Http.EVENT_STREAM)).isTrue();
    }

    @Test
    void spacesCaseAndParametersAreReadAsRfc9110Writes() {
        assertThat(Http.accepts("  text/html ,\tapplication/json  ", Http.JSON)).isTrue();
        assertThat(Http.accepts("application/json ; charset=utf-8 ; Q=0", Http.JSON))
                .isFalse();
        assertThat(Http.accepts("application/json;level=1;q=0.001", Http.JSON)).isTrue();
        assertThat(Http.accepts("application/json;q=0.000", Http.JSON)).isFalse();
        assertThat(Http.accepts("application/json;q=bogus", Http.JSON)).isTrue();
        assertThat(Http.accepts("TEXT/EVENT-STREAM", Http.EVENT_STREAM)).isTrue();
        assertThat(Http.accepts("application/jsonx, application/js", Http.JSON)).isFalse();
        assertThat(Http.accepts("application/j*", Http.JSON)).isFalse();
        assertThat(Http.accepts("*", Http.JSON)).isFalse();
        assertThat(Http.accepts(",,", Http.JSON)).isFalse();
    }
}
