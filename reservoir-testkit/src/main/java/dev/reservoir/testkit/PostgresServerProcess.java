package dev.reservoir.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL of a test's own: the Debian binaries (/usr/lib/postgresql/N/bin), a data
 * directory under the temp folder, a free loopback port, SCRAM passwords, superuser
 * {@code postgres} with {@link #SUPERUSER_PASSWORD}. PostgreSQL refuses to run as root, so when
 * the tests run as root (CI) initdb and postgres run as the postgres user (or nobody) through
 * setpriv, in a folder that user owns. A missing PostgreSQL fails the test, saying what to
 * install: CI installs it ({@code .ci/run}), so its tests always run there.
 */
public final class PostgresServerProcess implements AutoCloseable {

    /** The superuser's password. */
    public static final String SUPERUSER_PASSWORD = "super-secret";

    private final Path root;
    private final Path bin;
    private final int port;
    private final List<String> asUser;
    private final Process process;

    private PostgresServerProcess(Path root, Path bin, int port, List<String> asUser, Process process) {
        this.root = root;
        this.bin = bin;
        this.port = port;
        this.asUser = asUser;
        this.process = process;
    }

    /** Initialises a data directory and starts a server on it, waiting until it accepts connections. */
    public static PostgresServerProcess start() throws Exception {
        Path bin = binaries();
        Path root = Files.createTempDirectory("reservoir-pg");
        List<String> asUser = runAs(root);
        Path pwfile = root.resolve("pwfile");
        Files.writeString(pwfile, SUPERUSER_PASSWORD + "\n");
        handOver(root, pwfile);
        run(
                asUser,
                bin.resolve("initdb"),
                "-D",
                root.resolve("data").toString(),
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-locale",
                "--auth=scram-sha-256",
                "--pwfile=" + pwfile);
        Files.createDirectories(root.resolve("sock"));
        handOver(root, root.resolve("sock"));
        IOException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            int port = RedisServerProcess.freePort();
            Path log = root.resolve("postgres-" + attempt + ".log");
            Process process = new ProcessBuilder(command(asUser, bin, root, port))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            PostgresServerProcess server = new PostgresServerProcess(root, bin, port, asUser, process);
            if (server.awaitReady(Duration.ofSeconds(60))) {
                return server;
            }
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            last = new IOException(
                    "postgres did not start on port " + port + "; see " + log + ": " + Files.readString(log));
        }
        throw last;
    }

    private static List<String> command(List<String> asUser, Path bin, Path root, int port) {
        List<String> command = new ArrayList<>(asUser);
        command.addAll(List.of(
                bin.resolve("postgres").toString(),
                "-D",
                root.resolve("data").toString(),
                "-p",
                Integer.toString(port),
                "-k",
                root.resolve("sock").toString(),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=200"));
        return command;
    }

    public int port() {
        return port;
    }

    /** The JDBC URL of one of its databases. */
    public String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** The folder of the PostgreSQL programs (psql, pg_ctl...). */
    public Path bin() {
        return bin;
    }

    /** Waits until {@code pg_isready} says the server accepts connections, or the process ends. */
    private boolean awaitReady(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            String ready =
                    exitOf(bin.resolve("pg_isready").toString(), "-q", "-h", "127.0.0.1", "-p", Integer.toString(port));
            if ("0".equals(ready)) {
                return true;
            }
            // Polling a starting server: the only signal is an answer to pg_isready.
            process.waitFor(100, TimeUnit.MILLISECONDS);
        }
        return false;
    }

    /** Stops the server (fast shutdown) and removes its folder. */
    @Override
    public void close() {
        try {
            List<String> command = new ArrayList<>(asUser);
            command.addAll(List.of(
                    bin.resolve("pg_ctl").toString(),
                    "stop",
                    "-m",
                    "fast",
                    "-w",
                    "-D",
                    root.resolve("data").toString()));
            Process stop = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!stop.waitFor(30, TimeUnit.SECONDS) || !process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // the temp folder is left behind
        }
    }

    private static Path binaries() throws IOException {
        Path base = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(base)) {
            try (Stream<Path> versions = Files.list(base)) {
                var found = versions.map(v -> v.resolve("bin"))
                        .filter(b -> Files.isExecutable(b.resolve("postgres")))
                        .max(Comparator.comparingInt(b -> Integer.parseInt(
                                b.getParent().getFileName().toString().replaceAll("\\D", "0"))));
                if (found.isPresent()) {
                    return found.get();
                }
            }
        }
        throw new IllegalStateException("PostgreSQL is not installed (no /usr/lib/postgresql/N/bin/postgres):"
                + " apt-get install postgresql (CI does this in .ci/run)");
    }

    /** The command prefix that runs a program as a non-root user, or nothing when this JVM is not root. */
    private static List<String> runAs(Path root) throws Exception {
        if (!"0".equals(output("id", "-u"))) {
            return List.of();
        }
        String user = "0".equals(exitOf("id", "-u", "postgres")) ? "postgres" : "nobody";
        String uid = output("id", "-u", user);
        String gid = output("id", "-g", user);
        UserPrincipalLookupService lookup = root.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(root, PosixFileAttributeView.class);
        view.setOwner(lookup.lookupPrincipalByName(user));
        view.setGroup(lookup.lookupPrincipalByGroupName(output("id", "-gn", user)));
        return List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups", "--");
    }

    /** Gives a file or folder to the owner of the root folder. */
    private static void handOver(Path root, Path path) throws IOException {
        PosixFileAttributeView rootView = Files.getFileAttributeView(root, PosixFileAttributeView.class);
        UserPrincipal owner = rootView.getOwner();
        GroupPrincipal group = rootView.readAttributes().group();
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        view.setOwner(owner);
        view.setGroup(group);
    }

    private static void run(List<String> asUser, Path program, String... args) throws Exception {
        List<String> command = new ArrayList<>(asUser);
        command.add(program.toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed:\n" + out);
        }
    }

    private static String output(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private static String exitOf(String... command) throws Exception {
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return p.waitFor(30, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "timeout";
    }
}
