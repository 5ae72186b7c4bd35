package dev.reservoir.client;

import static dev.reservoir.client.support.ScriptedServer.error;
import static dev.reservoir.client.support.ScriptedServer.initialized;
import static dev.reservoir.client.support.ScriptedServer.method;
import static dev.reservoir.client.support.ScriptedServer.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.client.support.ScriptedServer;
import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A read whose content is not as long as the size the server announced for it fails loudly. */
@Timeout(30)
class SizeCheckTest {

    private static final String BLOB = Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4});

    /** A session-era server whose reads answer with these contents items, by URI. */
    private static ScriptedServer server(Map<String, String> items) {
        return new ScriptedServer((m, s) -> switch (method(m)) {
            case "server/discover" -> List.of(error(m, -32601, "Method not found", null));
            case "initialize" -> List.of(initialized(m, "2025-11-25"));
            case "resources/read" ->
                List.of(result(
                        m,
                        "{\"contents\":["
                                + items.get(m.path("params").path("uri").asText()) + "]}"));
            default -> List.of();
        });
    }

    @Test
    void textShorterThanItsAnnouncedSizeIsRefusedNamingBothNumbers() {
        try (ScriptedServer server =
                        server(Map.of("x://t", "{\"uri\":\"x://t\",\"text\":\"h\u00e9llo\",\"size\":10}"));
                McpClient client = server.client().noCache().connect()) {
            assertThatThrownBy(() -> client.read("x://t"))
                    .isInstanceOf(SizeMismatchException.class)
                    .hasMessage("x://t: the server announced 10 bytes but sent 6");
        }
    }

    @Test
    void aBlobOfAnotherLengthIsRefusedWhetherKeptOrStreamed() {
        try (ScriptedServer server =
                        server(Map.of("x://b", "{\"uri\":\"x://b\",\"blob\":\"" + BLOB + "\",\"size\":5}"));
                McpClient client = server.client().noCache().connect()) {
            assertThatThrownBy(() -> client.read("x://b")).isInstanceOfSatisfying(SizeMismatchException.class, e -> {
                assertThat(e.announced()).isEqualTo(5);
                assertThat(e.received()).isEqualTo(4);
            });
            assertThatThrownBy(() -> client.readTo("x://b", new ByteArrayOutputStream()))
                    .isInstanceOf(SizeMismatchException.class);
        }
    }

    @Test
    void contentAsLongAsAnnouncedOrWithoutASizeIsRead() {
        try (ScriptedServer server = server(Map.of(
                        "x://t", "{\"uri\":\"x://t\",\"text\":\"h\u00e9llo\",\"size\":6}",
                        "x://b", "{\"uri\":\"x://b\",\"blob\":\"" + BLOB + "\",\"size\":4}",
                        "x://n", "{\"uri\":\"x://n\",\"text\":\"no size\"}"));
                McpClient client = server.client().noCache().connect()) {
            assertThat(client.read("x://t").text()).isEqualTo("h\u00e9llo");
            assertThat(client.read("x://b").blob().size()).isEqualTo(4);
            assertThat(client.read("x://n").text()).isEqualTo("no size");
        }
    }
}
