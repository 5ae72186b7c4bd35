package dev.reservoir.provider.git.bench;

import dev.reservoir.provider.git.GitProvider;
import dev.reservoir.server.McpServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The time from a branch moving ({@code git update-ref}, started at t0) to
 * {@code notifications/resources/updated} for a file that changed, through a full server. The
 * figure includes the git process itself, measured alone for comparison.
 */
final class Notify {

    private Notify() {}

    static void run(Path dir, Duration window, int moves) throws Exception {
        Files.createDirectories(dir);
        BenchRepo.run(dir, "git", "init", "-q", "-b", "main");
        Files.writeString(dir.resolve("watched.txt"), "0\n");
        BenchRepo.run(dir, "git", "add", "-A");
        BenchRepo.run(dir, "git", "commit", "-q", "-m", "start");
        GitProvider provider =
                GitProvider.builder(dir).name("notify").coalesceWindow(window).build();
        try (McpServer server = McpServer.builder().provider(provider).build();
                BenchClient client = new BenchClient(server)) {
            client.call("resources/subscribe", "{\"uri\": \"git://notify/tree/main/watched.txt\"}");
            long[] delays = new long[moves];
            long[] git = new long[moves];
            for (int i = 0; i < moves; i++) {
                String blob = BenchRepo.run(dir, "sh", "-c", "echo moved " + i + " | git hash-object -w --stdin")
                        .strip();
                String tree = BenchRepo.run(
                                dir, "sh", "-c", "printf '100644 blob " + blob + "\\twatched.txt\\n' | git mktree")
                        .strip();
                String commit = BenchRepo.run(dir, "git", "commit-tree", tree, "-p", "main", "-m", "move " + i)
                        .strip();
                Thread.sleep(window.toMillis() * 3 + 100); // quiet, so that each move is its own notification
                client.updates.clear();
                long t0 = System.nanoTime();
                BenchRepo.run(dir, "git", "update-ref", "refs/heads/main", commit);
                git[i] = System.nanoTime() - t0;
                Long at = client.updates.poll(10, TimeUnit.SECONDS);
                if (at == null) {
                    throw new IllegalStateException("no notification within 10 s for move " + i);
                }
                delays[i] = at - t0;
            }
            Arrays.sort(delays);
            Arrays.sort(git);
            System.out.printf(
                    "git update-ref -> notifications/resources/updated (window %d ms, %d moves): median %.1f ms,"
                            + " p90 %.1f ms, max %.1f ms (the git process alone: median %.1f ms)%n",
                    window.toMillis(),
                    moves,
                    delays[moves / 2] / 1e6,
                    delays[(int) (moves * 0.9)] / 1e6,
                    delays[moves - 1] / 1e6,
                    git[moves / 2] / 1e6);
        }
    }
}
