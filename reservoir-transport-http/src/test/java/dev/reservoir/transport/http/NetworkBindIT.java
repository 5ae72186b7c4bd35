package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.BindException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Binding an address other machines can reach: only with a token or an outright yes, and still guarded. */
@Timeout(60)
class NetworkBindIT {

    private DemoFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private RawHttp raw(String host, String origin) throws Exception {
        return RawHttp.initialize(fixture.running.port(), host, origin);
    }

    @Test
    void aNetworkAddressWithoutATokenIsRefusedUnlessAllowedOutright() throws Exception {
        assertThatThrownBy(() -> HttpTransport.builder().host("0.0.0.0").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without a token")
                .hasMessageContaining("allowUnauthenticatedNetwork");
        HttpTransport.builder()
                .host("0.0.0.0")
                .bearerTokens(BearerTokens.of("t"))
                .build();
        HttpTransport.builder().host("127.0.0.1").build();
    }

    @Test
    void bindingEveryInterfaceStillChecksHostsAndOrigins() throws Exception {
        fixture = DemoFixture.start(b -> b.host("0.0.0.0").allowUnauthenticatedNetwork());
        int port = fixture.running.port();
        try (RawHttp r = raw("some-name.internal", null)) {
            assertThat(r.status)
                    .as("a name nobody configured, as a rebinding attack sends")
                    .isEqualTo(421);
        }
        try (RawHttp r = raw("127.0.0.1:" + port, null)) {
            assertThat(r.status).isEqualTo(200);
        }
        try (RawHttp r = raw("127.0.0.1:" + port, "http://localhost:3000")) {
            assertThat(r.status).isEqualTo(403);
        }
        assertThat(fixture.running.endpoint().getHost())
                .as("0.0.0.0 is no address a client can use")
                .isEqualTo("127.0.0.1");
        for (java.net.URI endpoint : fixture.running.endpoints()) {
            try (RawHttp r = raw(endpoint.getAuthority(), null)) {
                assertThat(r.status).as(endpoint.toString()).isEqualTo(200);
            }
        }
    }

    @Test
    void anAddressThisMachineLacksSaysSo() throws Exception {
        fixture = DemoFixture.start();
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): documentation only, no machine has it.
        HttpTransport elsewhere = HttpTransport.builder()
                .host("192.0.2.1")
                .port(8081)
                .allowUnauthenticatedNetwork()
                .build();
        assertThatThrownBy(() -> elsewhere.start(fixture.server))
                .isInstanceOf(BindException.class)
                .hasMessageContaining("this machine has no address 192.0.2.1")
                .hasMessageNotContaining("another server");
    }
}
