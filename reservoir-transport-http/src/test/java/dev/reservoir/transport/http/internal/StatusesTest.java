package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;

class StatusesTest {

    private static JsonRpcErrorResponse error(RequestId id, int code) {
        return new JsonRpcErrorResponse(id, new JsonRpcError(code, "x", null));
    }

    private static final RequestId ID = RequestId.of(1);

    @Test
    void resultsAre200() {
        JsonRpcResult result = new JsonRpcResult(ID, JsonWritable.of(JsonNodeFactory.instance.objectNode()));
        assertThat(Statuses.of(result, false, false)).isEqualTo(200);
        assertThat(Statuses.of(result, true, false)).isEqualTo(200);
    }

    @Test
    void theHandshakeEraAnswersErrorsWith200ButUnreadableFramesWith400() {
        assertThat(Statuses.of(error(ID, -32601), false, false)).isEqualTo(200);
        assertThat(Statuses.of(error(ID, -32602), false, false)).isEqualTo(200);
        assertThat(Statuses.of(error(ID, -32002), false, false)).isEqualTo(200);
        assertThat(Statuses.of(error(null, -32700), false, false)).isEqualTo(400);
        assertThat(Statuses.of(error(null, -32600), false, false)).isEqualTo(400);
    }

    @Test
    void the2026EraUsesTheStatusesOfItsTransportPage() {
        assertThat(Statuses.of(error(ID, -32601), true, false)).isEqualTo(404);
        assertThat(Statuses.of(error(ID, -32020), true, false)).isEqualTo(400);
        assertThat(Statuses.of(error(ID, -32021), true, false)).isEqualTo(400);
        assertThat(Statuses.of(error(ID, -32022), true, false)).isEqualTo(400);
        assertThat(Statuses.of(error(ID, -32600), true, false)).isEqualTo(400);
        assertThat(Statuses.of(error(ID, -32602), true, true)).isEqualTo(400);
        assertThat(Statuses.of(error(ID, -32602), true, false))
                .as("resource not found")
                .isEqualTo(200);
        assertThat(Statuses.of(error(ID, -32603), true, false)).isEqualTo(200);
    }

    @Test
    void aSpentSubscriptionBudgetIs429InThe2026EraAnd200InSessions() {
        assertThat(Statuses.of(error(ID, -31002), true, false)).isEqualTo(429);
        assertThat(Statuses.of(error(ID, -31002), false, false)).isEqualTo(200);
    }
}
