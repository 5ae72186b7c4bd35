package dev.reservoir.bench.http;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.HttpTransport;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The server side of {@link SessionMemory}, run in a JVM of its own so the client's objects do not
 * count: serves a small resource set over HTTP, prints its port, and on each "measure" line on
 * stdin collects garbage and prints the heap in use, the resident set size and the thread count.
 */
public final class IdleSessionServer {

    private IdleSessionServer() {}

    public static void main(String[] args) throws Exception {
        var builder = McpServer.builder().serverInfo("reservoir-bench", "1");
        for (int i = 0; i < 10; i++) {
            builder.resource(Resource.builder("bench://idle/" + i, "idle-" + i).build(), "idle " + i);
        }
        try (McpServer server = builder.build();
                HttpTransport.Running running = HttpTransport.builder().build().start(server)) {
            System.out.println("PORT " + running.port());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null) {
                if (line.equals("measure")) {
                    System.out.println("MEASURE " + heapAfterGc() + " " + rssKb() + " " + Thread.activeCount() + " "
                            + running.openSessions() + " " + running.openStreams());
                    System.out.flush();
                } else if (line.equals("quit")) {
                    break;
                }
            }
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long rssKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
