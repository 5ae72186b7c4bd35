package dev.reservoir.cli;

import dev.reservoir.client.McpClient;
import dev.reservoir.client.ReadResourceResult;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The file {@code read -o} writes: checked before connecting (a folder, or a missing folder, is a
 * usage error in words), written beside itself and moved into place only when the read succeeded,
 * and created as other programs create files (permissions from the umask, not 0600).
 */
final class OutputFile {

    /** Writes a read into the sink; returns the read's result. */
    @FunctionalInterface
    interface Read {
        ReadResourceResult into(OutputStream sink);
    }

    private final Path path;

    private OutputFile(Path path) {
        this.path = path;
    }

    /** The file the user named, when it can be written. */
    static OutputFile checked(String typed) {
        Path file = Path.of(typed);
        if (Files.isDirectory(file)) {
            throw new LocalFileException(typed + " is a directory");
        }
        Path folder = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            Path named = file.getParent() == null ? folder : file.getParent();
            throw new LocalFileException(named + "/: no such directory");
        }
        return new OutputFile(file.toAbsolutePath());
    }

    Path path() {
        return path;
    }

    /** Runs the read into a temporary file beside the target, then moves it into place. */
    ReadResourceResult write(Read read) throws IOException {
        Path temp = path.resolveSibling("." + path.getFileName() + ".reservoir-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".part");
        try {
            ReadResourceResult result;
            OutputStream file;
            try {
                file = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new LocalFileException("cannot write in " + path.getParent() + ": " + reason(e));
            }
            try (OutputStream sink = new BufferedOutputStream(file, 64 * 1024)) {
                result = read.into(sink);
            }
            Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING);
            return result;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** {@code -o -}: the first item's bytes, raw, on stdout. */
    static int toStdout(McpClient client, String target, PrintWriter out) throws IOException {
        out.flush();
        OutputStream stdout = new BufferedOutputStream(System.out, 64 * 1024);
        client.readTo(target, stdout).close();
        stdout.flush();
        return ExitCodes.OK;
    }

    private static String reason(IOException e) {
        return switch (e) {
            case java.nio.file.AccessDeniedException a -> "permission denied";
            case java.nio.file.FileSystemException f when f.getReason() != null -> f.getReason();
            default -> e.getMessage();
        };
    }
}
