package dev.reservoir.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;

class CancellationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aCancellationNamesItsRequestAsTheRequestDid() {
        for (RequestId id : new RequestId[] {RequestId.of(7), RequestId.of("seven")}) {
            JsonRpcNotification n = Cancellation.notification(id, "gave up");
            assertThat(n.method()).isEqualTo("notifications/cancelled");
            assertThat(n.params().path("reason").asText()).isEqualTo("gave up");
            assertThat(Cancellation.requestId(n.params())).isEqualTo(id);
        }
        assertThat(Cancellation.notification(RequestId.of(7), "x")
                        .params()
                        .get("requestId")
                        .isIntegralNumber())
                .isTrue();
    }

    @Test
    void onlyStringsAndIntegersThatFitALongAreIds() throws Exception {
        for (String bad : new String[] {
            "{}",
            "{\"requestId\":null}",
            "{\"requestId\":1.5}",
            "{\"requestId\":true}",
            "{\"requestId\":99999999999999999999999}",
            "{\"requestId\":[1]}"
        }) {
            assertThat(Cancellation.requestId((ObjectNode) JSON.readTree(bad)))
                    .as(bad)
                    .isNull();
        }
        assertThat(Cancellation.requestId(null)).isNull();
        assertThat(Cancellation.requestId((ObjectNode) JSON.readTree("{\"requestId\":-3}")))
                .isEqualTo(RequestId.of(-3));
    }
}
