package dev.reservoir.client.internal;

import dev.reservoir.client.common.McpClientException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server process started for stdio. Its stderr never touches the protocol: it goes to a file, or
 * line by line to the {@code dev.reservoir.client.server} logger at debug level, and the last lines
 * are kept to explain a server that dies. Shutdown follows the stdio page: close stdin, wait, then
 * SIGTERM, then SIGKILL (the process's descendants too, as {@code npx} starts one).
 */
public final class ServerProcess {

    private static final Logger serverLog = LoggerFactory.getLogger("dev.reservoir.client.server");
    private static final int TAIL_LINES = 20;

    private final Process process;
    private final Deque<String> tail = new ArrayDeque<>();
    private final Duration grace;

    private ServerProcess(Process process, Duration grace) {
        this.process = process;
        this.grace = grace;
    }

    /**
     * Starts a server.
     *
     * @param stderrFile where the server's stderr is appended, or null for the logger
     */
    public static ServerProcess start(
            List<String> command, Map<String, String> environment, Path directory, Path stderrFile, Duration grace) {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        builder.redirectError(
                stderrFile == null
                        ? ProcessBuilder.Redirect.PIPE
                        : ProcessBuilder.Redirect.appendTo(stderrFile.toFile()));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new McpClientException("could not start the server " + command + ": " + e.getMessage(), e);
        }
        ServerProcess server = new ServerProcess(process, grace);
        if (stderrFile == null) {
            Thread.ofPlatform().daemon().name("mcp-server-stderr").start(server::pumpStderr);
        }
        return server;
    }

    public Process process() {
        return process;
    }

    private void pumpStderr() {
        try (BufferedReader err =
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                serverLog.debug("[pid {}] {}", process.pid(), line);
                synchronized (tail) {
                    if (tail.size() == TAIL_LINES) {
                        tail.removeFirst();
                    }
                    tail.addLast(line);
                }
            }
        } catch (IOException e) {
            // The process ended.
        }
    }

    /** Why the server is gone, for an error message: its exit code and last stderr lines, if known. */
    public String describeExit() {
        StringBuilder why = new StringBuilder();
        try {
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                why.append("the server exited with code ").append(process.exitValue());
            } else {
                why.append("the server is still running");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (tail) {
            if (!tail.isEmpty()) {
                why.append("; its last stderr lines:\n  ").append(String.join("\n  ", tail));
            }
        }
        return why.toString();
    }

    /** Ends the process: its stdin was closed already; wait, then SIGTERM, then SIGKILL. */
    public void stop() {
        try {
            if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
            List<ProcessHandle> children = process.descendants().toList();
            process.destroy();
            children.forEach(ProcessHandle::destroy);
            if (process.waitFor(2, TimeUnit.SECONDS)) {
                return;
            }
            process.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
            process.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
