package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The provider in a JVM of its own: it never runs git, and a large blob streams through a small heap. */
@Timeout(300)
class ProcessesIT {

    @TempDir
    Path dir;

    @Test
    void readingARepositoryNeverRunsTheGitCommand() throws Exception {
        TestRepo git = TestRepo.init(dir.resolve("repo"));
        git.write("a.txt", "a\n").write("b/c.txt", "c\n").commit("first");
        git.write("a.txt", "a\nb\n").commit("second");
        Path marker = dir.resolve("git-ran");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path fake = bin.resolve("git");
        Files.writeString(fake, "#!/bin/sh\necho \"$@\" >> " + marker + "\nexec /usr/bin/git \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        String out = java(List.of(), bin + ":/usr/bin:/bin", git.dir.toString());
        assertThat(out).startsWith("read ");
        assertThat(marker).as("the git command ran").doesNotExist();
    }

    @Test
    void aHundredMebibyteBlobStreamsThroughA48MebibyteHeap() throws Exception {
        TestRepo git = TestRepo.init(dir.resolve("big"));
        Path file = git.dir.resolve("big.bin");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        Random random = new Random(42);
        byte[] chunk = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < 100; i++) {
                random.nextBytes(chunk);
                out.write(chunk);
                sha.update(chunk);
            }
        }
        git.commit("a large blob");
        String out =
                java(List.of("-Xmx48m"), System.getenv("PATH"), git.dir.toString(), "git://repo/tree/main/big.bin");
        assertThat(out.strip()).isEqualTo(HexFormat.of().formatHex(sha.digest()) + " " + (100L << 20));
    }

    /** Runs ReadEverything in a new JVM with this PATH; returns what it printed. */
    private static String java(List<String> options, String path, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.addAll(options);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ReadEverything.class.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", path);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(240, TimeUnit.SECONDS)).isTrue();
        String text = new String(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(text).isZero();
        return text.lines()
                .filter(l -> !l.startsWith("SLF4J") && !l.startsWith("["))
                .reduce("", (a, b) -> a + b + "\n");
    }
}
