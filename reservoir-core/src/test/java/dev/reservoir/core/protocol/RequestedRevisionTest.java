package dev.reservoir.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The one rule for a request's era, which the server's dispatcher and the HTTP transport share. */
class RequestedRevisionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static RequestedRevision of(String params) throws Exception {
        return ProtocolRevision.requested(params == null ? null : (ObjectNode) JSON.readTree(params));
    }

    private static String meta(String version) {
        return "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":" + version + "}}";
    }

    @Test
    void noVersionInMetaBelongsToTheSession() throws Exception {
        assertThat(of(null)).isEqualTo(new RequestedRevision.Session(null));
        assertThat(of("{}")).isEqualTo(new RequestedRevision.Session(null));
        assertThat(of("{\"_meta\":\"2026-07-28\"}")).isEqualTo(new RequestedRevision.Session(null));
        assertThat(of(null).stateless()).isFalse();
        assertThat(of(null).named()).isEmpty();
    }

    @Test
    void aStatelessEraVersionIsServedStatelessly() throws Exception {
        RequestedRevision requested = of(meta("\"2026-07-28\""));
        assertThat(requested).isEqualTo(new RequestedRevision.Stateless(ProtocolRevision.V2026_07_28));
        assertThat(requested.stateless()).isTrue();
        assertThat(requested.named()).contains("2026-07-28");
    }

    @Test
    void aSessionEraVersionInMetaBelongsToTheSession() throws Exception {
        RequestedRevision requested = of(meta("\"2025-06-18\""));
        assertThat(requested).isEqualTo(new RequestedRevision.Session(ProtocolRevision.V2025_06_18));
        assertThat(requested.stateless()).isFalse();
        assertThat(requested.named()).contains("2025-06-18");
    }

    @Test
    void aVersionNobodyKnowsIsServedStatelesslyToBeRefused() throws Exception {
        RequestedRevision requested = of(meta("\"2030-01-01\""));
        assertThat(requested).isEqualTo(new RequestedRevision.Unknown("2030-01-01"));
        assertThat(requested.stateless()).isTrue();
        assertThat(requested.named()).contains("2030-01-01");
    }

    @Test
    void aVersionThatIsNoStringIsNeitherEra() throws Exception {
        assertThat(of(meta("20260728"))).isEqualTo(new RequestedRevision.NotText());
        assertThat(of(meta("null"))).isEqualTo(new RequestedRevision.NotText());
        assertThat(of(meta("20260728")).stateless()).isFalse();
        assertThat(of(meta("20260728")).named()).isEmpty();
    }

    @Test
    void resumableSseStartsWith2025_11_25() {
        assertThat(ProtocolRevision.V2025_06_18.hasResumableSse()).isFalse();
        assertThat(ProtocolRevision.V2025_11_25.hasResumableSse()).isTrue();
        assertThat(ProtocolRevision.V2026_07_28.hasResumableSse()).isTrue();
    }
}
