package dev.reservoir.provider.git.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The benchmark's repository, made with {@code git fast-import}: a first commit of
 * {@code files} files in folders of 1,000 ({@code dNNN/fNNNN.txt}), then {@code commits} commits
 * that each change one of them, every tenth also {@code hot/target.txt}.
 */
final class BenchRepo {

    private BenchRepo() {}

    static void make(Path dir, int files, int commits) throws IOException, InterruptedException {
        run(dir.getParent(), "git", "init", "-q", "--bare", "-b", "main", dir.toString());
        Process importer = new ProcessBuilder("git", "fast-import", "--quiet")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream out = new BufferedOutputStream(importer.getOutputStream(), 1 << 16)) {
            long time = 1_700_000_000L;
            commit(out, "Add " + files + " files", time);
            for (int f = 0; f < files; f++) {
                file(out, path(f, files), "file " + f + " version 0\n" + "x".repeat(60) + "\n");
            }
            file(out, "hot/target.txt", "target version 0\n");
            for (int c = 1; c <= commits; c++) {
                commit(out, "Change " + c, time + c * 60L);
                file(
                        out,
                        path((c * 7919) % files, files),
                        "file changed by commit " + c + "\n" + "y".repeat(60) + "\n");
                if (c % 10 == 0) {
                    file(out, "hot/target.txt", "target version " + c + "\n");
                }
            }
        }
        if (!importer.waitFor(30, TimeUnit.MINUTES) || importer.exitValue() != 0) {
            throw new IllegalStateException("git fast-import failed");
        }
    }

    static String path(int f, int files) {
        return "d%03d/f%04d.txt".formatted(f / 1000, f % 1000);
    }

    private static void commit(OutputStream out, String message, long time) throws IOException {
        byte[] msg = message.getBytes(StandardCharsets.UTF_8);
        write(out, "commit refs/heads/main\n");
        write(out, "author Ada <ada@example.com> " + time + " +0000\n");
        write(out, "committer Ada <ada@example.com> " + time + " +0000\n");
        write(out, "data " + msg.length + "\n");
        out.write(msg);
        write(out, "\n"); // commits to the same branch chain by themselves
    }

    private static void file(OutputStream out, String path, String content) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        write(out, "M 100644 inline " + path + "\ndata " + bytes.length + "\n");
        out.write(bytes);
        write(out, "\n");
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Runs a command and returns its output; fails on a non-zero exit. */
    static String run(Path dir, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_AUTHOR_NAME", "Ada");
        env.put("GIT_AUTHOR_EMAIL", "ada@example.com");
        env.put("GIT_COMMITTER_NAME", "Ada");
        env.put("GIT_COMMITTER_EMAIL", "ada@example.com");
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IllegalStateException(
                    String.join(" ", command) + " failed: " + new String(output, StandardCharsets.UTF_8));
        }
        return new String(output, StandardCharsets.UTF_8);
    }
}
