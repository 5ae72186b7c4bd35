package dev.reservoir.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Where SEP-2093 is declared in capabilities, the one rule the server, the client and the testkit share. */
class Sep2093Test {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void sessionEraDeclaresUnderExperimentalAndTheStatelessEraUnderExtensions() {
        for (ProtocolRevision revision : ProtocolRevision.values()) {
            assertThat(Sep2093.capabilityGroup(revision))
                    .as(revision.id())
                    .isEqualTo(revision.isStateless() ? "extensions" : "experimental");
        }
    }

    @Test
    void aDeclarationCountsUnderEitherMap() throws Exception {
        assertThat(Sep2093.declares(
                        JSON.readTree("{\"extensions\":{\"dev.reservoir/sep-2093\":{}}}"), Sep2093.EXTENSION_ID))
                .isTrue();
        assertThat(Sep2093.declares(
                        JSON.readTree("{\"experimental\":{\"dev.reservoir/sep-2093\":{}}}"), Sep2093.EXTENSION_ID))
                .isTrue();
        assertThat(Sep2093.declares(
                        JSON.readTree("{\"experimental\":{\"dev.reservoir/sep-2093\":{}}}"),
                        Sep2093.CAPABILITIES_EXTENSION_ID))
                .isFalse();
        assertThat(Sep2093.declares(JSON.readTree("{\"dev.reservoir/sep-2093\":{}}"), Sep2093.EXTENSION_ID))
                .isFalse();
        assertThat(Sep2093.declares(null, Sep2093.EXTENSION_ID)).isFalse();
    }
}
