package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An attacker who can write inside a root swaps a folder for a link to outside, again and again,
 * while reads and listings run: nothing from outside may ever come back (content, names or
 * metadata), and a swap never surfaces as anything but "not found" (or an honest "changed").
 * Runs for a few seconds; it asserts what was returned, never how long anything took.
 */
@Timeout(120)
class SwapRaceTest {

    private static final Duration RUN = Duration.ofSeconds(4);
    private static final String INSIDE = "inside\n";
    private static final String OUTSIDE = "OUTSIDE SECRET\n";

    @TempDir
    Path dir;

    @Test
    void aFolderSwappedForALinkToOutsideNeverLeaksWhatIsOutside() throws Exception {
        List<String> leaks = race("open folder handles");
        assertThat(leaks).as("outside content, names or metadata returned").isEmpty();
    }

    /**
     * The fallback for systems without SecureDirectoryStream (paths, with identities compared
     * before and after each open) narrows the window but cannot close it: measured, not asserted.
     */
    @Test
    void theFallbackWithoutOpenFoldersIsMeasured() throws Exception {
        DirHandle.useSecureStreams = false;
        try {
            race("paths with identity checks (fallback)");
        } finally {
            DirHandle.useSecureStreams = true;
        }
    }

    private List<String> race(String how) throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Fixtures.write(root, "sub/f.txt", INSIDE);
        Fixtures.write(root, "sub/deeper/g.txt", INSIDE);
        Fixtures.write(outside, "f.txt", OUTSIDE);
        Fixtures.write(outside, "deeper/g.txt", OUTSIDE);
        Fixtures.write(outside, "only-outside.txt", OUTSIDE);
        Path sub = root.resolve("sub");
        Path parked = root.resolve("parked");
        FileSystemProvider fs = FileSystemProvider.create(root);
        String base = fs.rootUris().getFirst().toString();

        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong swaps = new AtomicLong();
        Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
        List<String> leaks = new ArrayList<>();
        List<Throwable> unexpected = new ArrayList<>();
        Thread attacker = Thread.ofPlatform().start(() -> {
            try {
                while (running.get()) {
                    Files.move(sub, parked, StandardCopyOption.ATOMIC_MOVE);
                    Files.createSymbolicLink(sub, outside);
                    Files.delete(sub);
                    Files.move(parked, sub, StandardCopyOption.ATOMIC_MOVE);
                    swaps.incrementAndGet();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        List<Thread> workers = new ArrayList<>();
        List<Runnable> jobs = List.of(
                () -> readFile(fs, base + "/sub/f.txt"),
                () -> readFile(fs, base + "/sub/deeper/g.txt"),
                () -> readFolder(fs, base + "/sub"),
                () -> listChildren(fs, base + "/sub"),
                () -> listAll(fs));
        for (Runnable job : jobs) {
            workers.add(Thread.ofPlatform().start(() -> {
                while (running.get()) {
                    try {
                        job.run();
                        counts.computeIfAbsent("answers", k -> new AtomicLong()).incrementAndGet();
                    } catch (Leak leak) {
                        synchronized (leaks) {
                            leaks.add(leak.getMessage());
                        }
                    } catch (McpException | ProviderException e) {
                        // Not found (or gone while listed): the honest answer during a swap.
                        counts.computeIfAbsent("not found", k -> new AtomicLong())
                                .incrementAndGet();
                    } catch (StreamError e) {
                        // A stream that ended in an error: the server breaks such an answer.
                        counts.computeIfAbsent("stream errors", k -> new AtomicLong())
                                .incrementAndGet();
                    } catch (RuntimeException | Error e) {
                        synchronized (unexpected) {
                            if (unexpected.size() < 5) {
                                unexpected.add(e);
                            }
                        }
                        counts.computeIfAbsent("unexpected", k -> new AtomicLong())
                                .incrementAndGet();
                    }
                }
            }));
        }
        attacker.join(RUN); // returns early only if the attacker failed
        running.set(false);
        attacker.join(30_000);
        for (Thread worker : workers) {
            worker.join(30_000);
        }
        fs.close();
        System.err.printf(
                "swap race (%s): %d swaps in %s, %s, %d leaks%s%n",
                how, swaps.get(), RUN, counts, leaks.size(), leaks.isEmpty() ? "" : ", first: " + leaks.getFirst());
        assertThat(swaps.get()).as("the attacker ran").isPositive();
        assertThat(unexpected)
                .as("failures other than not found or a broken stream")
                .isEmpty();
        return leaks;
    }

    private static void readFile(FileSystemProvider fs, String uri) {
        ResourceContent content = fs.read(ReadRequest.of(URI.create(uri), ReadOptions.DEFAULT))
                .contents()
                .getFirst();
        check(content.resource());
        checkText(uri, content.body());
    }

    private static void readFolder(FileSystemProvider fs, String uri) {
        for (ResourceContent content :
                fs.read(ReadRequest.of(URI.create(uri), ReadOptions.DEFAULT)).contents()) {
            check(content.resource());
            checkText(content.resource().uri(), content.body());
        }
    }

    private static void listChildren(FileSystemProvider fs, String uri) {
        String cursor = null;
        do {
            var page = fs.list(new ListRequest(URI.create(uri), cursor, 2));
            page.items().forEach(SwapRaceTest::check);
            cursor = page.nextCursor();
        } while (cursor != null);
    }

    private static void listAll(FileSystemProvider fs) {
        String cursor = null;
        do {
            var page = fs.list(new ListRequest(null, cursor, 3));
            page.items().forEach(SwapRaceTest::check);
            cursor = page.nextCursor();
        } while (cursor != null);
    }

    private static void check(Resource resource) {
        if (resource.name().equals("only-outside.txt")) {
            throw new Leak("listed an outside name: " + resource.uri());
        }
        if (resource.size() != null && resource.size() == OUTSIDE.length()) {
            throw new Leak("outside metadata (size) for " + resource.uri());
        }
    }

    private static void checkText(String uri, ContentBody body) {
        String text;
        try (InputStream in = body.openStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (McpException | ProviderException e) {
            throw e;
        } catch (java.nio.file.NoSuchFileException | java.io.FileNotFoundException e) {
            throw new dev.reservoir.core.ResourceNotFoundException(uri); // what the server makes of it
        } catch (IOException e) {
            throw new StreamError(e);
        }
        if (text.contains("OUTSIDE")) {
            throw new Leak("read outside content through " + uri);
        }
    }

    private static final class StreamError extends RuntimeException {
        StreamError(IOException cause) {
            super(cause);
        }
    }

    private static final class Leak extends RuntimeException {
        Leak(String message) {
            super(message, null, false, false);
        }
    }
}
