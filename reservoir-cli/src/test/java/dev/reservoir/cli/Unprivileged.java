package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a command as a user without privileges, as people run Reservoir. Root reads any file
 * whatever its permissions, so when the tests run as root (CI does) the command is started through
 * {@code setpriv} as nobody (uid and gid 65534, no supplementary groups); otherwise it runs as the
 * current user. What that user must reach has to be readable by it: JUnit's temporary folders are
 * 0700, so {@link #openUp} opens a folder to others and {@link #jar} copies the jar into one.
 */
final class Unprivileged {

    static final int NOBODY = 65534;

    private Unprivileged() {}

    /** Whether this JVM runs as root. */
    static boolean isRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /** The command, started as nobody when this JVM is root. */
    static List<String> command(List<String> command) {
        if (!isRoot()) {
            return command;
        }
        Path setpriv = Path.of("/usr/bin/setpriv");
        assertThat(setpriv)
                .as("setpriv (util-linux), to run the server as a user without privileges")
                .isExecutable();
        List<String> out = new ArrayList<>(
                List.of(setpriv.toString(), "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
        out.addAll(command);
        return out;
    }

    /** Lets others enter and read a folder (0755); files made with the usual umask are readable already. */
    static Path openUp(Path folder) throws IOException {
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        return folder;
    }

    /** A copy of the server's jar in {@code folder} (opened up), readable by anyone. */
    static Path jar(Path folder) throws IOException {
        Path jar = Path.of(System.getProperty("reservoir.jar", "target/reservoir.jar"))
                .toAbsolutePath();
        assertThat(jar).as("the jar (built by the package phase)").isRegularFile();
        Path copy = Files.copy(jar, openUp(folder).resolve("reservoir.jar"), StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
        return copy;
    }
}
