package dev.reservoir.provider.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Small helpers for building trees in tests. */
final class Fixtures {

    private Fixtures() {}

    /** Writes a file, creating its folders. */
    static Path write(Path root, String rel, String text) throws IOException {
        Path file = root.resolve(rel);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    /** Writes bytes to a file, creating its folders. */
    static Path write(Path root, String rel, byte[] bytes) throws IOException {
        Path file = root.resolve(rel);
        Files.createDirectories(file.getParent());
        return Files.write(file, bytes);
    }

    /** Makes a FIFO with mkfifo; false when that is not possible here. */
    static boolean mkfifo(Path path) {
        try {
            Process p = new ProcessBuilder("mkfifo", path.toString())
                    .redirectErrorStream(true)
                    .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
