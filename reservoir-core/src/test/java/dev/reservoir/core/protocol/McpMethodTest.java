package dev.reservoir.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class McpMethodTest {

    @Test
    void aMethodIsFoundByItsWireNameAndUnknownNamesAreNot() {
        for (McpMethod method : McpMethod.values()) {
            assertThat(McpMethod.fromWire(method.wire())).contains(method);
        }
        assertThat(McpMethod.fromWire("resources/write")).isEmpty();
        assertThat(McpMethod.fromWire(null)).isEmpty();
    }

    @Test
    void theHandshakeMethodsBelongToTheSessionEraAndDiscoverToTheStatelessEra() {
        assertThat(McpMethod.INITIALIZE.existsIn(ProtocolRevision.V2024_11_05)).isTrue();
        assertThat(McpMethod.INITIALIZE.existsIn(ProtocolRevision.V2026_07_28)).isFalse();
        assertThat(McpMethod.RESOURCES_SUBSCRIBE.existsIn(ProtocolRevision.V2026_07_28))
                .isFalse();
        assertThat(McpMethod.SERVER_DISCOVER.existsIn(ProtocolRevision.V2025_11_25))
                .isFalse();
        assertThat(McpMethod.SUBSCRIPTIONS_LISTEN.existsIn(ProtocolRevision.V2026_07_28))
                .isTrue();
        for (ProtocolRevision revision : ProtocolRevision.values()) {
            assertThat(McpMethod.RESOURCES_READ.existsIn(revision)).isTrue();
            assertThat(McpMethod.PROMPTS_GET.existsIn(revision)).isFalse();
        }
    }

    @Test
    void mcpNameMirrorsTheUriOfAReadAndTheNameOfACall() {
        assertThat(McpMethod.RESOURCES_READ.nameField()).isEqualTo("uri");
        assertThat(McpMethod.TOOLS_CALL.nameField()).isEqualTo("name");
        assertThat(McpMethod.PROMPTS_GET.nameField()).isEqualTo("name");
        assertThat(McpMethod.RESOURCES_LIST.nameField()).isNull();
    }

    @Test
    void onlyMethodsThatChangeTheSessionRunInArrivalOrder() {
        assertThat(McpMethod.INITIALIZE.changesSession()).isTrue();
        assertThat(McpMethod.RESOURCES_UNSUBSCRIBE.changesSession()).isTrue();
        assertThat(McpMethod.SUBSCRIPTIONS_LISTEN.changesSession()).isTrue();
        assertThat(McpMethod.RESOURCES_READ.changesSession()).isFalse();
        assertThat(McpMethod.TOOLS_CALL.changesSession()).isFalse();
    }
}
