package dev.reservoir.bench.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * start-up: time from starting the process to the first answer, an initialize sent as soon as
 * the server can take it: at once over stdio (the pipe holds it), over HTTP as soon as the port
 * accepts a connection (tried every few milliseconds, so the wait adds little to the figure).
 */
final class Startup {

    /** How often a port that does not accept yet is tried again. */
    static final Duration PORT_POLL = Duration.ofMillis(2);

    /**
     * One start.
     *
     * @param millis from process start to the first answer
     * @param portMillis from process start to the first accepted connection (HTTP; 0 over stdio)
     * @param cpuMillis the server's CPU time (all its threads) when the answer came, read from
     *     /proc in 10 ms ticks (-1 without /proc): what the start cost, less sensitive than the
     *     time to other load on a shared machine
     */
    record Result(double millis, double portMillis, double cpuMillis) {}

    private Startup() {}

    static Result run(Target target, Path log) throws IOException, InterruptedException {
        return target.http() ? http(target, log) : stdio(target, log);
    }

    private static Result stdio(Target target, Path log) throws IOException {
        try (ServerProcess server = ServerProcess.stdio(target.command(), log)) {
            OutputStream in = server.process.getOutputStream();
            in.write((Requests.initialize(1) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            BufferedReader out = server.stdout();
            String line = out.readLine();
            long end = System.nanoTime();
            long cpu = server.cpuMillis();
            if (line == null || !line.contains("\"result\"")) {
                throw new IOException(target.name() + " gave no answer to initialize: " + line);
            }
            return new Result((end - server.startNanos) / 1e6, 0, cpu);
        }
    }

    private static Result http(Target target, Path log) throws IOException, InterruptedException {
        try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60), PORT_POLL);
                HttpConn c = new HttpConn(server.port, "/mcp")) {
            long accepted = System.nanoTime();
            HttpConn.Answer init = c.post(Map.of("MCP-Protocol-Version", Requests.STATEFUL), Requests.initialize(1));
            String message = init.message();
            long end = System.nanoTime();
            long cpu = server.cpuMillis();
            if (init.status() != 200 || !message.contains("\"result\"")) {
                throw new IOException(
                        target.name() + " gave no answer to initialize (" + init.status() + "): " + message);
            }
            return new Result((end - server.startNanos) / 1e6, (accepted - server.startNanos) / 1e6, cpu);
        }
    }
}
