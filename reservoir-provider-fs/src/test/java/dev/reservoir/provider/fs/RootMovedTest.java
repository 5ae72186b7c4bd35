package dev.reservoir.provider.fs;

import static dev.reservoir.provider.fs.ChangeRecorder.LIST_CHANGED;
import static dev.reservoir.provider.fs.ChangeRecorder.updated;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A root folder moved away (or removed) is gone for clients, who are told (list_changed, and
 * updated for what they watch below it); when a folder is there again, it is served and watched.
 */
@Timeout(60)
class RootMovedTest {

    @TempDir
    Path dir;

    private Path root;
    private FileSystemProvider fs;
    private final ChangeRecorder files = new ChangeRecorder();
    private final ChangeRecorder list = new ChangeRecorder();

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(dir.resolve("docs"));
        Fixtures.write(root, "a.txt", "a\n");
        fs = FileSystemProvider.builder()
                .root(root)
                .coalesceWindow(Duration.ofMillis(50))
                .build();
        fs.watchList(list);
        fs.awaitWatching();
        fs.watch(URI.create(uri("a.txt")), files);
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        files.assertExhausted();
        list.assertExhausted();
        fs.close();
    }

    @Test
    void aRootMovedAwayIsGoneForClientsAndServedAgainWhenItComesBack() throws Exception {
        Path away = dir.resolve("docs.moved");
        Files.move(root, away);
        files.await(updated(uri("a.txt")));
        list.await(LIST_CHANGED);
        assertThat(Listings.paths(fs)).isEmpty();
        // Changes in the folder where it went are not about this root any more.
        Files.writeString(away.resolve("a.txt"), "changed elsewhere\n");
        files.assertExhausted();

        Files.move(away, root);
        files.await(updated(uri("a.txt")));
        list.await(LIST_CHANGED);
        assertThat(Listings.paths(fs)).containsExactly("", "a.txt");
        Files.writeString(root.resolve("a.txt"), "changed at home\n");
        files.await(updated(uri("a.txt")));
    }

    @Test
    void aRootRemovedAndMadeAgainIsServedAgain() throws Exception {
        Files.delete(root.resolve("a.txt"));
        Files.delete(root);
        files.await(updated(uri("a.txt")));
        list.await(LIST_CHANGED);
        files.drain();
        list.drain();
        assertThat(Listings.paths(fs)).isEmpty();
        Files.createDirectories(root);
        list.await(LIST_CHANGED);
        files.drain(); // a.txt is marked when the folder is back (it is watched, and may be there)
        list.drain();
        assertThat(Listings.paths(fs)).containsExactly("");
        Fixtures.write(root, "a.txt", "new\n");
        files.await(updated(uri("a.txt")));
        list.await(LIST_CHANGED);
        assertThat(Listings.paths(fs)).containsExactly("", "a.txt");
        files.drain(); // the new file's events may come in two windows
        list.drain();
    }

    private String uri(String rel) {
        return fs.rootUris().getFirst() + "/" + rel;
    }
}
