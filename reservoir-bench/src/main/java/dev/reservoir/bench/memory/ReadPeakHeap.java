package dev.reservoir.bench.memory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heap a server keeps after a peak of reads: starts a server jar as its own process (Serial
 * GC, HTTP), opens N connections that each POST a read of {@code bench://blob/1MiB} and read
 * nothing at first (so N answers are being written at once, as with slow clients), then reads
 * them all and closes them; prints the server's live heap after a full GC (jcmd
 * GC.class_histogram) before and after, and the classes that hold most of it. Not a test: run it by hand against two jars to compare.
 *
 * <p>Usage: {@code java -cp reservoir-bench.jar dev.reservoir.bench.memory.ReadPeakHeap JAR [N]}
 */
public final class ReadPeakHeap {

    private static int resets;

    private ReadPeakHeap() {}

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        Path log = Files.createTempFile("read-peak", ".log");
        String bin = Path.of(System.getProperty("java.home"), "bin").toString();
        Process server = new ProcessBuilder(
                        bin + "/java",
                        "-XX:+UseSerialGC",
                        "-jar",
                        jar.toString(),
                        "serve",
                        "--bench-data",
                        "100",
                        "--http",
                        "127.0.0.1:0")
                .redirectError(log.toFile())
                .redirectOutput(log.toFile())
                .start();
        try {
            int port = port(log);
            long before = LiveHeap.afterFullGc(server.pid());
            List<Socket> sockets = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                sockets.add(post(port, i));
            }
            // Let the server start every answer; the clients read nothing yet, so each one waits.
            Thread.sleep(Math.max(5_000, n));
            long drained = 0;
            for (Socket socket : sockets) {
                drained += drain(socket);
            }
            long after = LiveHeap.afterFullGc(server.pid());
            // What the heap holds after the peak: the largest classes, for telling whose buffers they are.
            LiveHeap.histogram(server.pid())
                    .lines()
                    .filter(line -> !line.contains("FillerElement"))
                    .skip(1)
                    .limit(8)
                    .forEach(System.out::println);
            System.out.printf(
                    "%s: %d reads at once (%d MiB of answers, %d connections reset); live heap after a full GC:"
                            + " %.1f MiB before, %.1f MiB after%n",
                    jar.getFileName(), n, drained >> 20, resets, before / 1048576.0, after / 1048576.0);
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Socket post(int port, int i) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096); // a slow client: the answer cannot all sit in kernel buffers
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"resources/read\",\"params\":{\"uri\":"
                + "\"bench://blob/1MiB\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                + "Mcp-Method: resources/read\r\nMcp-Name: bench://blob/1MiB\r\nConnection: close\r\n"
                + "Content-Length: " + bytes.length + "\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        return socket;
    }

    private static long drain(Socket socket) throws IOException {
        long total = 0;
        try (socket) {
            socket.setSoTimeout(60_000); // a server that stops sending must not hang the measurement
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[65536];
            for (int r; (r = in.read(buffer)) > 0; ) {
                total += r;
            }
        } catch (java.net.SocketException | java.net.SocketTimeoutException e) {
            resets++; // the server gave up on this client, or stalled: what came so far counts
        }
        return total;
    }

    private static int port(Path log) throws Exception {
        Pattern at = Pattern.compile("over HTTP at http://127\\.0\\.0\\.1:(\\d+)/mcp");
        for (int i = 0; i < 600; i++) {
            Matcher m = at.matcher(Files.readString(log));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("no HTTP endpoint in " + Files.readString(log));
    }
}
