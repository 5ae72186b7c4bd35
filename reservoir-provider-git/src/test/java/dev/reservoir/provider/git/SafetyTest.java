package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository is only ever read: no file in .git is created, changed or deleted, not even for
 * a moment; no filter, textconv, fsmonitor or hook named in its configuration runs; and no URI
 * reaches anything outside it.
 */
@Timeout(120)
class SafetyTest {

    @TempDir
    Path dir;

    private TestRepo git;

    @BeforeEach
    void setUp() {
        git = TestRepo.init(dir.resolve("repo"));
        git.write("a.txt", "one\n").write("src/b.txt", "two\n").write("bin.dat", new byte[] {0, 1, 2});
        git.commit("first");
        git.write("a.txt", "one\nmore\n").commit("second");
        git.git("tag", "-a", "-m", "tagged", "v1");
        git.git("branch", "feature/x");
        // Changed but the same size and staged: the index's stat data no longer matches, so git
        // status would refresh and rewrite the index; we must not.
        git.write("src/b.txt", "TWO\n");
        git.write("untracked.txt", "new\n");
    }

    @Test
    void readingEverythingLeavesEveryFileInTheGitFolderAsItWas() throws Exception {
        Path gitDir = git.dir.resolve(".git");
        TreeMap<String, String> before = checksums(gitDir);
        List<String> events;
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            try (Stream<Path> dirs = Files.walk(gitDir)) {
                for (Path d : dirs.filter(Files::isDirectory).toList()) {
                    d.register(
                            watcher,
                            StandardWatchEventKinds.ENTRY_CREATE,
                            StandardWatchEventKinds.ENTRY_MODIFY,
                            StandardWatchEventKinds.ENTRY_DELETE);
                }
            }
            try (GitProvider provider = git.provider()) {
                assertThat(ReadEverything.run(provider)).isGreaterThan(10);
            }
            events = drain(watcher);
        }
        assertThat(events).as("file events in .git while reading").isEmpty();
        assertThat(checksums(gitDir)).isEqualTo(before);
    }

    @Test
    void noFilterTextconvFsmonitorOrHookFromTheRepositoryRuns() throws Exception {
        Path marker = dir.resolve("ran");
        String touch = "sh -c 'echo $0 >> " + marker + "'";
        git.git("config", "filter.evil.clean", touch.replace("$0", "clean"));
        git.git("config", "filter.evil.smudge", touch.replace("$0", "smudge"));
        git.git("config", "filter.evil.process", touch.replace("$0", "process"));
        git.git("config", "filter.evil.required", "true");
        git.git("config", "diff.evil.textconv", touch.replace("$0", "textconv"));
        git.git("config", "core.fsmonitor", touch.replace("$0", "fsmonitor"));
        git.git("config", "core.hooksPath", dir.resolve("hooks").toString());
        Files.createDirectories(dir.resolve("hooks"));
        for (String hook : List.of("post-checkout", "post-index-change", "reference-transaction", "pre-commit")) {
            Path file = dir.resolve("hooks").resolve(hook);
            Files.writeString(file, "#!/bin/sh\necho " + hook + " >> " + marker + "\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        git.write(".gitattributes", "* filter=evil diff=evil\n");
        git.write("a.txt", "one\nmore\nchanged in the work tree\n");
        try (GitProvider provider = git.provider()) {
            ReadEverything.run(provider);
        }
        assertThat(marker)
                .as("a program from the repository's configuration ran")
                .doesNotExist();
    }

    @Test
    void uriesThatWouldLeaveTheRepositoryNameNothing() throws Exception {
        Files.writeString(dir.resolve("secret.txt"), "secret\n");
        git.write("escape", "x");
        Files.delete(git.dir.resolve("escape"));
        Files.createSymbolicLink(git.dir.resolve("escape"), dir.resolve("secret.txt"));
        git.commit("a link that points outside");
        try (GitProvider provider = git.provider()) {
            for (String uri : List.of(
                    "git://repo/tree/main/../secret.txt",
                    "git://repo/tree/main/%2E%2E/secret.txt",
                    "git://repo/tree/main/.git/config",
                    "git://repo/tree/..%2F..%2Fsecret.txt",
                    "git://repo/tree/FETCH_HEAD/a.txt",
                    "git://repo/tree/ORIG_HEAD/a.txt",
                    "git://repo/tree/main@%7B1%7D/a.txt",
                    "git://repo/commit/--output=x",
                    "git://repo/commit/HEAD:a.txt",
                    "git://repo/log/main?path=..",
                    "git://repo/tree/refs/heads/../../config")) {
                assertThat(readable(provider, uri)).as(uri).isFalse();
            }
            String link = new String(Reads.bytes(
                    git.resources()
                            .read("git://repo/tree/main/escape", Reads.LIMITS)
                            .items(),
                    0));
            assertThat(link)
                    .as("a link reads as its target, never followed")
                    .isEqualTo(dir.resolve("secret.txt").toString());
        }
    }

    private static boolean readable(GitProvider provider, String uri) {
        try {
            provider.read(ReadRequest.of(URI.create(uri), ReadOptions.DEFAULT));
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static TreeMap<String, String> checksums(Path root) throws IOException {
        TreeMap<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.toList()) {
                String key = root.relativize(file).toString();
                if (Files.isDirectory(file)) {
                    out.put(key + "/", "dir");
                } else {
                    out.put(key, sha(Files.readAllBytes(file)) + " " + Files.getLastModifiedTime(file));
                }
            }
        }
        return out;
    }

    private static String sha(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> drain(WatchService watcher) throws InterruptedException {
        List<String> events = new ArrayList<>();
        WatchKey key;
        while ((key = watcher.poll(300, java.util.concurrent.TimeUnit.MILLISECONDS)) != null) {
            for (WatchEvent<?> event : key.pollEvents()) {
                events.add(event.kind() + " " + key.watchable() + "/" + event.context());
            }
            key.reset();
        }
        return events;
    }
}
