package dev.reservoir.provider.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A repository built with the real git command line, with a clock of its own (each commit one
 * minute after the last, in +01:00) and without the user's or the system's configuration, so that
 * ids and outputs are the same on every machine.
 */
final class TestRepo {

    /** 2023-11-03: a day of the month with one digit, which git prints unpadded ("Fri Nov 3"). */
    private static final long START = 1_699_000_000L;

    final Path dir;
    private final Path home;
    private long clock = START;

    private TestRepo(Path dir, Path home) {
        this.dir = dir;
        this.home = home;
    }

    /** {@code git init -b main} in {@code dir} (created if needed). */
    static TestRepo init(Path dir) {
        TestRepo repo = at(dir);
        repo.git("init", "-q", "-b", "main");
        return repo;
    }

    /** A handle on an existing folder (for bare repositories, clones, work trees). */
    static TestRepo at(Path dir) {
        try {
            Files.createDirectories(dir);
            Path home = Files.createDirectories(dir.resolveSibling(dir.getFileName() + ".home"));
            return new TestRepo(dir, home);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    TestRepo write(String path, String text) {
        return write(path, text.getBytes(StandardCharsets.UTF_8));
    }

    TestRepo write(String path, byte[] bytes) {
        try {
            Path file = dir.resolve(path);
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stages everything and commits; returns the new commit's id. */
    String commit(String message) {
        git("add", "-A");
        git("commit", "-q", "--allow-empty", "-m", message);
        return git("rev-parse", "HEAD").strip();
    }

    /** Runs git in the repository and returns what it printed (UTF-8); fails on a non-zero exit. */
    String git(String... args) {
        return new String(gitBytes(args), StandardCharsets.UTF_8);
    }

    /** Runs git and returns its output bytes. */
    byte[] gitBytes(String... args) {
        return gitIn(new byte[0], args);
    }

    /** Runs git with these bytes on its standard input and returns its output bytes. */
    byte[] gitIn(byte[] stdin, String... args) {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        env.put("HOME", home.toString());
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", home.resolve("gitconfig").toString());
        env.put("LC_ALL", "C");
        env.put("TZ", "UTC");
        String date = "@" + clock + " +0100";
        clock += 60;
        env.put("GIT_AUTHOR_NAME", "Ada Lovelace");
        env.put("GIT_AUTHOR_EMAIL", "ada@example.com");
        env.put("GIT_AUTHOR_DATE", date);
        env.put("GIT_COMMITTER_NAME", "Charles Babbage");
        env.put("GIT_COMMITTER_EMAIL", "charles@example.com");
        env.put("GIT_COMMITTER_DATE", date);
        try {
            Process process = builder.start();
            try (var in = process.getOutputStream()) {
                in.write(stdin);
            }
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread errors = Thread.ofVirtual().start(() -> copy(process.getErrorStream(), err));
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("git " + args[0] + " did not finish in 60 s");
            }
            errors.join(10_000);
            if (process.exitValue() != 0) {
                throw new IllegalStateException("git " + String.join(" ", args) + " failed (" + process.exitValue()
                        + "): " + err.toString(StandardCharsets.UTF_8));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try {
            in.transferTo(out);
        } catch (IOException e) {
            // the process went away: nothing more to read
        }
    }

    /**
     * Dates every folder and file of the ref store (refs/ and packed-refs of a non-bare repository)
     * ten seconds back, as a served repository's refs mostly are: the provider's ref cache answers
     * only for refs older than {@link RefCache#SETTLE}.
     */
    TestRepo settleRefs() {
        Path gitDir = dir.resolve(".git");
        java.nio.file.attribute.FileTime past =
                java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 10_000);
        try (java.util.stream.Stream<Path> all = Files.walk(gitDir.resolve("refs"))) {
            for (Path path : (Iterable<Path>) all::iterator) {
                Files.setLastModifiedTime(path, past);
            }
            if (Files.exists(gitDir.resolve("packed-refs"))) {
                Files.setLastModifiedTime(gitDir.resolve("packed-refs"), past);
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A provider on this repository, named "repo". */
    GitProvider provider() {
        return GitProvider.builder(dir).name("repo").build();
    }

    GitResources resources() {
        return new GitResources(GitRepository.open(dir, "repo"));
    }
}
