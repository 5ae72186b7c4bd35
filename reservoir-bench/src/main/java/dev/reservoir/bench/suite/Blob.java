package dev.reservoir.bench.suite;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * blob: read {@code bench://blob/100MiB} once per server process; MB/s of content, the decoded
 * length checked, and the server's peak resident memory during the read. The response is scanned
 * as it arrives (the driver never holds it), counting the base64 characters of the blob.
 */
final class Blob {

    static final long SIZE = 100L << 20;

    /** One read: seconds, decoded bytes, and the server's peak RSS (bytes) during it. */
    record Result(double seconds, long decodedBytes, long peakRss) {
        double mbPerSecond() {
            return decodedBytes / 1e6 / seconds;
        }
    }

    private Blob() {}

    static Result run(Target target, String uri, Path log) throws Exception {
        if (target.http()) {
            try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60))) {
                String session = Driver.openSession(target, server.port);
                try (HttpConn conn = new HttpConn(server.port, "/mcp")) {
                    server.resetPeak();
                    long start = System.nanoTime();
                    HttpConn.Answer answer = conn.post(
                            Requests.headers(target, session, "resources/read", uri), Requests.read(target, 7, uri));
                    long decoded = scan(answer.body(), false);
                    double seconds = (System.nanoTime() - start) / 1e9;
                    return new Result(seconds, decoded, server.peakRss());
                }
            }
        }
        try (ServerProcess server = ServerProcess.stdio(target.command(), log)) {
            OutputStream in = server.process.getOutputStream();
            InputStream out = new BufferedInputStream(server.process.getInputStream(), 1 << 16);
            in.write((Requests.initialize(1) + "\n" + Requests.initialized() + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            skipLine(out);
            server.resetPeak();
            long start = System.nanoTime();
            in.write((Requests.read(target, 2, uri) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            long decoded = scan(out, true);
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Result(seconds, decoded, server.peakRss());
        }
    }

    /**
     * Counts the decoded bytes of the first {@code "blob":"..."} in the stream. Reads the stream to
     * its end, or, in line mode (stdio), to the end of the line.
     *
     * <p>Inside the blob, eight bytes are looked at a time: a word with no quote, backslash, padding
     * or line feed is eight base64 characters. Looked at a byte at a time, the scan itself ran at
     * about 630 MB/s on one core of these machines, slower than the floors send: the figure was the
     * driver's, not the server's.
     */
    static long scan(InputStream in, boolean lineMode) throws IOException {
        byte[] marker = "\"blob\":\"".getBytes(StandardCharsets.US_ASCII);
        byte[] buffer = new byte[1 << 16];
        int matched = 0;
        boolean inBlob = false;
        boolean done = false;
        boolean escaped = false;
        long chars = 0;
        long padding = 0;
        for (int n; (n = in.read(buffer)) > 0; ) {
            for (int i = 0; i < n; ) {
                if (inBlob && !done && !escaped) {
                    int words = i;
                    for (int end = n - 7; words < end && plainBase64(word(buffer, words)); ) {
                        words += 8;
                    }
                    chars += words - i;
                    i = words;
                    if (i == n) {
                        break;
                    }
                }
                byte b = buffer[i++];
                if (lineMode && b == '\n') {
                    if (!done) {
                        throw new IOException("no complete blob in the answer");
                    }
                    return chars / 4 * 3 - padding;
                }
                if (done) {
                    continue;
                }
                if (inBlob) {
                    if (escaped) {
                        escaped = false;
                        chars++; // "\/" is a JSON escape of a base64 '/'
                    } else if (b == '\\') {
                        escaped = true;
                    } else if (b == '"') {
                        done = true;
                    } else {
                        chars++;
                        if (b == '=') {
                            padding++;
                        }
                    }
                } else if (b == marker[matched]) {
                    matched++;
                    inBlob = matched == marker.length;
                } else {
                    matched = b == marker[0] ? 1 : 0;
                }
            }
        }
        if (!done) {
            throw new IOException("no complete blob in the answer");
        }
        return chars / 4 * 3 - padding;
    }

    private static long word(byte[] bytes, int at) {
        return (long) LONGS.get(bytes, at);
    }

    /** Whether none of the eight bytes is a quote, backslash, '=' or line feed (the usual zero-byte test on each). */
    static boolean plainBase64(long x) {
        return (zeroByte(x ^ QUOTES) | zeroByte(x ^ BACKSLASHES) | zeroByte(x ^ EQUALS) | zeroByte(x ^ LINE_FEEDS))
                == 0;
    }

    /** Nonzero when some byte of {@code v} is zero. */
    private static long zeroByte(long v) {
        return (v - ONES) & ~v & HIGH_BITS;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = '"' * ONES;
    private static final long BACKSLASHES = '\\' * ONES;
    private static final long EQUALS = '=' * ONES;
    private static final long LINE_FEEDS = '\n' * ONES;

    private static void skipLine(InputStream in) throws IOException {
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new IOException("the server closed its output");
            }
        }
    }
}
