package dev.reservoir.bench.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A server under test, started as its own process, so that its memory can be read from /proc and
 * nothing of the driver counts toward it.
 */
final class ServerProcess implements AutoCloseable {

    final Process process;
    final int port;
    final long startNanos;

    private ServerProcess(Process process, int port, long startNanos) {
        this.process = process;
        this.port = port;
        this.startNanos = startNanos;
    }

    /** Starts a stdio server; the caller talks to it on its stdin and stdout. */
    static ServerProcess stdio(List<String> command, Path log) throws IOException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        return new ServerProcess(p, -1, start);
    }

    /** Starts an HTTP server with {@code {PORT}} in its command replaced by a free port, and waits until it accepts connections. */
    static ServerProcess http(List<String> command, Path log, Duration wait) throws IOException, InterruptedException {
        return http(command, log, wait, Duration.ofMillis(50));
    }

    /** The same, trying the port every {@code poll}. */
    static ServerProcess http(List<String> command, Path log, Duration wait, Duration poll)
            throws IOException, InterruptedException {
        int port = freePort();
        List<String> actual = command.stream()
                .map(a -> a.replace("{PORT}", Integer.toString(port)))
                .toList();
        long start = System.nanoTime();
        Process p = new ProcessBuilder(actual)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IOException("server exited: " + tail(log));
            }
            try (Socket s = new Socket("127.0.0.1", port)) {
                return new ServerProcess(p, port, start);
            } catch (IOException notYet) {
                Thread.sleep(poll);
            }
        }
        p.destroyForcibly();
        throw new IOException("server did not listen on " + port + " within " + wait + ": " + tail(log));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    /** Peak resident memory of the process so far (VmHWM), in bytes; -1 where /proc is not there. */
    long peakRss() {
        return status("VmHWM:");
    }

    /** Resident memory now (VmRSS), in bytes. */
    long rss() {
        return status("VmRSS:");
    }

    private long status(String key) {
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        try (BufferedReader r = Files.newBufferedReader(status)) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /**
     * CPU time the process has used (user and system), in milliseconds; -1 where /proc is not
     * there. Read from /proc/PID/stat in clock ticks, taken as 100 per second (Linux's USER_HZ).
     */
    long cpuMillis() {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            // Fields after the command name (which is in parentheses and may hold spaces).
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * CPU time the JVM's JIT compiler threads have used (threads named "C1 CompilerThre..." and
     * "C2 CompilerThre..."), in milliseconds; 0 for a process that has none (not a JVM), -1 where
     * /proc is not there.
     */
    long compilerCpuMillis() {
        Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
        long total = 0;
        try (var threads = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) threads::iterator) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        total += (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10;
                    }
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            }
            return total;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Resets the kernel's peak RSS counter, so the next reading covers only what follows. */
    void resetPeak() {
        try {
            Files.writeString(Path.of("/proc", Long.toString(process.pid()), "clear_refs"), "5");
        } catch (IOException | RuntimeException e) {
            // Not allowed here: the peak then covers the whole life of the process (said in the report).
        }
    }

    BufferedReader stdout() {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8), 1 << 16);
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        try {
            // A stdio server ends when its input does, as MCP hosts end them. An HTTP server does
            // not read its input: it is asked to stop (SIGTERM) at once, not after a 3 s wait that
            // cost the full run a few seconds for every HTTP server it started.
            if (port >= 0) {
                process.destroy();
            }
            if (!process.waitFor(3, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(3, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
