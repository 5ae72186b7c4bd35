package dev.reservoir.core.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ids are map keys (requests in flight, cancellations): equal by kind and value. */
class RequestIdTest {

    @Test
    void equalByKindAndValue() {
        assertThat(RequestId.of(7)).isEqualTo(RequestId.of(7)).hasSameHashCodeAs(RequestId.of(7));
        assertThat(RequestId.of("7")).isEqualTo(RequestId.of("7")).hasSameHashCodeAs(RequestId.of("7"));
        assertThat(RequestId.of(7)).isNotEqualTo(RequestId.of(8)).isNotEqualTo(RequestId.of("7"));
        assertThat(RequestId.of("7")).isNotEqualTo(RequestId.of("8")).isNotEqualTo(RequestId.of(7));
        assertThat(RequestId.of(-1L << 40)).isEqualTo(RequestId.of(-1L << 40));
    }

    @Test
    void aNumberAndAStringWithTheSameTextAreTwoKeys() {
        Map<RequestId, String> inFlight = new HashMap<>();
        inFlight.put(RequestId.of(1), "number");
        inFlight.put(RequestId.of("1"), "string");
        inFlight.put(RequestId.of(1), "number again");
        assertThat(inFlight).hasSize(2).containsEntry(RequestId.of(1), "number again");
    }
}
