package dev.reservoir.bench.http;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Memory per idle session: opens sessions (initialize, then a GET stream each) against a server
 * in a child JVM, and reports the growth of its heap after garbage collection and of its resident
 * set, per session. Clients are plain sockets, so the client side stays small.
 */
final class SessionMemory {

    /** The growth per session. */
    record Result(
            int sessions, long heapBytesPerSession, long rssBytesPerSession, int threadsBefore, int threadsAfter) {}

    private SessionMemory() {}

    static Result measure(int sessions) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process server = new ProcessBuilder(
                        java,
                        "-XX:+UseSerialGC",
                        "-Xmx1g",
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                        "-cp",
                        System.getProperty("java.class.path"),
                        IdleSessionServer.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        List<Socket> open = new ArrayList<>();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            PrintWriter in = new PrintWriter(server.getOutputStream(), true, StandardCharsets.UTF_8);
            String portLine = out.readLine();
            if (portLine == null || !portLine.startsWith("PORT ")) {
                throw new IllegalStateException("the server did not start: " + portLine);
            }
            int port = Integer.parseInt(portLine.substring(5).trim());
            // Warm up: some sessions opened and closed, so classes and pools exist before measuring.
            for (int i = 0; i < 50; i++) {
                String id = initialize(port);
                try (Socket s = openStream(port, id)) {
                    delete(port, id);
                }
            }
            long[] before = measure(in, out);
            for (int i = 0; i < sessions; i++) {
                open.add(openStream(port, initialize(port)));
            }
            long[] after = measure(in, out);
            if (after[3] != sessions || after[4] != sessions) {
                throw new IllegalStateException(
                        "expected " + sessions + " sessions and streams, server has " + after[3] + " and " + after[4]);
            }
            in.println("quit");
            return new Result(
                    sessions,
                    (after[0] - before[0]) / sessions,
                    (after[1] - before[1]) * 1024 / sessions,
                    (int) before[2],
                    (int) after[2]);
        } finally {
            for (Socket s : open) {
                s.close();
            }
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private static long[] measure(PrintWriter in, BufferedReader out) throws IOException {
        in.println("measure");
        String line = out.readLine();
        if (line == null || !line.startsWith("MEASURE ")) {
            throw new IllegalStateException("no measurement: " + line);
        }
        String[] f = line.substring(8).trim().split(" ");
        long[] values = new long[f.length];
        for (int i = 0; i < f.length; i++) {
            values[i] = Long.parseLong(f[i]);
        }
        return values;
    }

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}";

    private static String initialize(int port) throws IOException {
        try (Socket s = connect(port)) {
            String head = exchange(
                    s,
                    "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Accept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: "
                            + INITIALIZE.length() + "\r\n\r\n" + INITIALIZE);
            for (String line : head.split("\r\n")) {
                if (line.toLowerCase(java.util.Locale.ROOT).startsWith("mcp-session-id:")) {
                    String id = line.substring(line.indexOf(':') + 1).trim();
                    try (Socket t = connect(port)) {
                        String note = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
                        exchange(
                                t,
                                "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                        + "Mcp-Session-Id: " + id
                                        + "\r\nMCP-Protocol-Version: 2025-11-25\r\nConnection: close\r\n"
                                        + "Content-Length: " + note.length() + "\r\n\r\n" + note);
                    }
                    return id;
                }
            }
            throw new IllegalStateException("no session id in " + head);
        }
    }

    private static void delete(int port, String id) throws IOException {
        try (Socket s = connect(port)) {
            exchange(
                    s,
                    "DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nMcp-Session-Id: " + id
                            + "\r\nConnection: close\r\n\r\n");
        }
    }

    /** A GET stream whose headers and priming event have arrived, left open and unread. */
    private static Socket openStream(int port, String id) throws IOException {
        Socket s = connect(port);
        OutputStream out = s.getOutputStream();
        out.write(("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: " + id
                        + "\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = s.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        while (!got.toString(StandardCharsets.US_ASCII).contains("data: ")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the stream closed: " + got);
            }
            got.write(c);
        }
        return s;
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.setSoTimeout(10_000);
        s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        return s;
    }

    /** Sends a request and reads the response until the server closes (Connection: close). */
    private static String exchange(Socket s, String request) throws IOException {
        s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
        return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
