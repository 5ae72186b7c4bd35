package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.transport.http.internal.Guard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BearerTokensTest {

    @Test
    void keepsOnlyDigests() {
        BearerTokens tokens = BearerTokens.of("alpha", "beta");
        assertThat(tokens.digests()).containsExactlyInAnyOrder(Guard.digest("alpha"), Guard.digest("beta"));
        assertThat(tokens.toString()).doesNotContain("alpha").contains("2 token");
    }

    @Test
    void readsATokenFromTheEnvironment() {
        assertThat(BearerTokens.fromEnv("TOKEN", Map.of("TOKEN", " s3cret\n")).digests())
                .containsExactly(Guard.digest("s3cret"));
        assertThatThrownBy(() -> BearerTokens.fromEnv("TOKEN", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TOKEN is not set");
        assertThatThrownBy(() -> BearerTokens.fromEnv("TOKEN", Map.of("TOKEN", "  ")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readsTokensFromAFileOnePerLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tokens");
        Files.writeString(file, "# comment\none\n\n two \r\n");
        assertThat(BearerTokens.fromFile(file).digests())
                .containsExactlyInAnyOrder(Guard.digest("one"), Guard.digest("two"));
        Files.writeString(file, "# nothing\n\n");
        assertThatThrownBy(() -> BearerTokens.fromFile(file)).hasMessageContaining("has no token");
        assertThatThrownBy(() -> BearerTokens.fromFile(dir.resolve("missing"))).hasMessageContaining("does not exist");
    }

    @Test
    void refusesTokensThatCannotTravelInAHeader() {
        assertThatThrownBy(() -> BearerTokens.of("has space")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BearerTokens.of("caf\u00e9")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BearerTokens.of()).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBuilderRefusesAKeepAliveLongerThanTheIdleTimeout() {
        assertThatThrownBy(() -> HttpTransport.builder()
                        .connectionIdleTimeout(java.time.Duration.ofSeconds(5))
                        .keepAlive(java.time.Duration.ofSeconds(10))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keep-alive");
        assertThatThrownBy(() -> HttpTransport.builder().endpoint("mcp")).hasMessageContaining("start with '/'");
        assertThatThrownBy(() -> HttpTransport.builder().port(70000)).isInstanceOf(IllegalArgumentException.class);
    }
}
