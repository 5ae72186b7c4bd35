package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class GuardTest {

    private final Guard loopback = new Guard(
            Set.of("localhost", "127.0.0.1", "[::1]"),
            Set.of("http://localhost:*", "https://app.example.com", "http://127.0.0.1:8080"),
            Set.of(),
            "test");

    @Test
    void hostsMatchByNameWithAnyPortUnlessAPortIsListed() {
        assertThat(loopback.checkPlace("localhost", null, false)).isNull();
        assertThat(loopback.checkPlace("localhost:3000", null, false)).isNull();
        assertThat(loopback.checkPlace("LocalHost:3000", null, false)).isNull();
        assertThat(loopback.checkPlace("[::1]:8080", null, false)).isNull();
        assertThat(loopback.checkPlace("evil.example.com", null, false).status())
                .isEqualTo(421);
        assertThat(loopback.checkPlace("localhost.evil.example.com:80", null, false)
                        .status())
                .isEqualTo(421);
        Guard exact = new Guard(Set.of("mcp.example.com:443"), Set.of(), Set.of(), "test");
        assertThat(exact.checkPlace("mcp.example.com:443", null, false)).isNull();
        assertThat(exact.checkPlace("mcp.example.com:8443", null, false).status())
                .isEqualTo(421);
    }

    @Test
    void noHostListAllowsAnyHostAndAbsentHeadersPass() {
        Guard open = new Guard(null, Set.of(), Set.of(), "test");
        assertThat(open.checkPlace("anything.example", null, false)).isNull();
        assertThat(loopback.checkPlace(null, null, false)).isNull();
    }

    @Test
    void originsMatchSchemeHostAndPortOrAWildcardPort() {
        assertThat(loopback.checkPlace("localhost", "http://localhost:5173", false))
                .isNull();
        assertThat(loopback.checkPlace("localhost", "http://localhost", false)).isNull();
        assertThat(loopback.checkPlace("localhost", "https://app.example.com", false))
                .isNull();
        assertThat(loopback.checkPlace("localhost", "https://app.example.com:443", false))
                .isNotNull();
        assertThat(loopback.checkPlace("localhost", "http://127.0.0.1:8080", false))
                .isNull();
        assertThat(loopback.checkPlace("localhost", "http://127.0.0.1:8081", false)
                        .status())
                .isEqualTo(403);
        assertThat(loopback.checkPlace("localhost", "https://localhost:5173", false)
                        .status())
                .isEqualTo(403);
        assertThat(loopback.checkPlace("localhost", "null", false).status()).isEqualTo(403);
        assertThat(loopback.checkPlace("localhost", "http://evil.example.com", false)
                        .status())
                .isEqualTo(403);
        assertThat(loopback.checkPlace("localhost", "not a url", false).status())
                .isEqualTo(403);
    }

    @Test
    void thePagesOfTheServersOwnOriginPassButNotOtherPortsOfLocalhost() {
        Guard guard = new Guard(Set.of("localhost", "127.0.0.1"), Set.of(), Set.of(), "test");
        assertThat(guard.checkPlace("localhost:8080", "http://localhost:8080", false))
                .isNull();
        assertThat(guard.checkPlace("LOCALHOST:8080", "http://localhost:8080", false))
                .isNull();
        assertThat(guard.checkPlace("localhost", "http://localhost:80", false)).isNull();
        assertThat(guard.checkPlace("localhost:8443", "https://localhost:8443", true))
                .isNull();
        assertThat(guard.checkPlace("localhost:8080", "http://localhost:5173", false)
                        .status())
                .isEqualTo(403);
        assertThat(guard.checkPlace("localhost:8080", "https://localhost:8080", false)
                        .status())
                .as("another scheme is another origin")
                .isEqualTo(403);
        assertThat(guard.checkPlace("127.0.0.1:8080", "http://localhost:8080", false)
                        .status())
                .isEqualTo(403);
        // Without a Host list a rebound name would pass as its own origin: then none is.
        Guard anyHost = new Guard(null, Set.of(), Set.of(), "test");
        assertThat(anyHost.checkPlace("evil.example:8080", "http://evil.example:8080", false)
                        .status())
                .isEqualTo(403);
    }

    @Test
    void withoutTokensEveryoneIsTheSameAnonymousPrincipal() {
        assertThat(loopback.authenticates()).isFalse();
        assertThat(loopback.authenticate(null)).isEqualTo(new Guard.Verdict.Allowed(""));
    }

    @Test
    void aTokenIsRequiredAndEachTokenIsItsOwnPrincipal() {
        Guard guard = new Guard(null, Set.of(), Set.of(Guard.digest("alpha"), Guard.digest("beta")), "reservoir");
        Guard.Verdict missing = guard.authenticate(null);
        assertThat(missing).isInstanceOfSatisfying(Guard.Verdict.Refused.class, r -> {
            assertThat(r.status()).isEqualTo(401);
            assertThat(r.wwwAuthenticate()).isEqualTo("Bearer realm=\"reservoir\"");
        });
        assertThat(guard.authenticate("Basic YWxwaGE=")).isInstanceOf(Guard.Verdict.Refused.class);
        assertThat(guard.authenticate("Bearer gamma"))
                .isInstanceOfSatisfying(Guard.Verdict.Refused.class, r -> assertThat(r.wwwAuthenticate())
                        .contains("error=\"invalid_token\""));
        Guard.Verdict alpha = guard.authenticate("Bearer alpha");
        Guard.Verdict alphaAgain = guard.authenticate("bearer  alpha ");
        Guard.Verdict beta = guard.authenticate("Bearer beta");
        assertThat(alpha).isInstanceOf(Guard.Verdict.Allowed.class).isEqualTo(alphaAgain);
        assertThat(beta).isInstanceOf(Guard.Verdict.Allowed.class).isNotEqualTo(alpha);
        assertThat(((Guard.Verdict.Allowed) alpha).principal()).isEqualTo(Guard.digest("alpha"));
    }
}
