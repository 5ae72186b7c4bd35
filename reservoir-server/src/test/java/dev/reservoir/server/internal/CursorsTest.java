package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.McpException;
import dev.reservoir.server.internal.Cursors.Kind;
import dev.reservoir.server.internal.Cursors.Position;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Page cursors: signed with the key given, or with a random key of the server's own made on first use. */
class CursorsTest {

    private static final Position POSITION = new Position(Kind.RESOURCES, "", 2, "after:b.txt");

    @Test
    void aRandomKeyRoundTripsOnItsOwnServer() {
        Cursors cursors = new Cursors(null);
        String cursor = cursors.encode(POSITION);
        assertThat(cursors.decode(cursor, Kind.RESOURCES, "")).isEqualTo(POSITION);
        // The key is made once: a second cursor is signed with the same one.
        assertThat(cursors.decode(cursors.encode(POSITION), Kind.RESOURCES, "")).isEqualTo(POSITION);
    }

    @Test
    void twoServersWithRandomKeysRefuseEachOthersCursors() {
        String cursor = new Cursors(null).encode(POSITION);
        assertThatThrownBy(() -> new Cursors(null).decode(cursor, Kind.RESOURCES, ""))
                .isInstanceOf(McpException.class)
                .hasMessageContaining("the cursor is not valid");
    }

    @Test
    void serversGivenTheSameKeyAcceptEachOthersCursors() {
        byte[] key = "a key of thirty-two bytes at least".getBytes(StandardCharsets.UTF_8);
        String cursor = new Cursors(key).encode(POSITION);
        assertThat(new Cursors(key).decode(cursor, Kind.RESOURCES, "")).isEqualTo(POSITION);
        assertThatThrownBy(() -> new Cursors(null).decode(cursor, Kind.RESOURCES, ""))
                .isInstanceOf(McpException.class);
    }
}
