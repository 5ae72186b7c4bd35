package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.internal.Uris;
import org.junit.jupiter.api.Test;

class BuilderTest {

    @Test
    void aStdioCommandLineSplitsLikeAShell() {
        assertThat(CommandLines.split("npx -y @scope/server  --root '/my docs' \"a \\\"b\\\"\" c\\ d"))
                .containsExactly("npx", "-y", "@scope/server", "--root", "/my docs", "a \"b\"", "c d");
        assertThatThrownBy(() -> CommandLines.split("node 'unclosed"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unbalanced");
    }

    @Test
    void aServerIsAUrlOrAStdioCommandLine() {
        assertThatThrownBy(() -> McpClient.builder().server("ftp://x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http(s):// URL or stdio:");
        assertThatThrownBy(() -> McpClient.builder().server("stdio:  ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> McpClient.builder().connect())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("name the server first");
    }

    @Test
    void aStdioServerThatCannotStartIsAClearError() {
        assertThatThrownBy(() -> McpClient.builder().stdio("/no/such/server").connect())
                .isInstanceOf(McpClientException.class)
                .hasMessageContaining("could not start the server [/no/such/server]");
    }

    @Test
    void irisAndStraySpacesBecomeTheirUriForm() {
        assertThat(Uris.lenient("file:///caf\u00e9/a b.txt")).isEqualTo("file:///caf%C3%A9/a%20b.txt");
        assertThat(Uris.lenient("test://fine/already%20ok")).isEqualTo("test://fine/already%20ok");
    }
}
