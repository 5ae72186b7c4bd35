package dev.reservoir.bench.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** start-up: time from starting the process to the first answer over stdio (an initialize sent at once). */
final class Startup {

    private Startup() {}

    /** Milliseconds from process start to the first response line. */
    static double run(Target target, Path log) throws IOException {
        try (ServerProcess server = ServerProcess.stdio(target.command(), log)) {
            OutputStream in = server.process.getOutputStream();
            in.write((Requests.initialize(1) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            BufferedReader out = server.stdout();
            String line = out.readLine();
            long end = System.nanoTime();
            if (line == null || !line.contains("\"result\"")) {
                throw new IOException(target.name() + " gave no answer to initialize: " + line);
            }
            return (end - server.startNanos) / 1e6;
        }
    }
}
