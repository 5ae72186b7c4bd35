package dev.reservoir.bench.suite.floor;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The raw HTTP floor: what this machine does for a keep-alive HTTP/1.1 POST with no web server at
 * all. A plain {@link ServerSocket} on loopback, one virtual thread per connection, a request head
 * read line by line for just its {@code Content-Length}, the body skipped, and a fixed JSON
 * response written in one write. The response body is as long as Reservoir's answer to a 1 KiB
 * read in the stateless era (1,288 bytes; 2025-11-25's is 1,134, without {@code resultType},
 * {@code ttlMs}, {@code cacheScope} and server info), and {@link HttpFloor} answers the same bytes.
 * Usage: {@code RawHttpFloor PORT}; prints "listening on PORT" to stderr when ready.
 *
 * <p>Next to {@link HttpFloor} (the same answer from Jetty) it shows what Jetty itself costs.
 */
public final class RawHttpFloor {

    private RawHttpFloor() {}

    /** The length of Reservoir's 2026-07-28 answer to {@code resources/read} of {@code bench://text/NNNN}. */
    static final int LENGTH = 1288;

    public static void main(String[] args) throws IOException {
        byte[] response = response(LENGTH);
        try (ServerSocket server =
                new ServerSocket(Integer.parseInt(args[0]), 65_535, InetAddress.getLoopbackAddress())) {
            System.err.println("listening on " + server.getLocalPort());
            while (true) {
                Socket socket = server.accept();
                Thread.ofVirtual().start(() -> serve(socket, response));
            }
        }
    }

    /** A whole HTTP response (head and body) whose JSON body is exactly {@code length} bytes. */
    static byte[] response(int length) {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n";
        return (head + body(length)).getBytes(StandardCharsets.US_ASCII);
    }

    /** A JSON-RPC answer to a text read, exactly {@code length} bytes long. */
    static String body(int length) {
        String open = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"contents\":[{\"uri\":\"bench://text/0\","
                + "\"mimeType\":\"text/plain\",\"text\":\"";
        String close = "\"}]}}";
        return open + "x".repeat(length - open.length() - close.length()) + close;
    }

    private static void serve(Socket socket, byte[] response) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 14);
            OutputStream out = socket.getOutputStream();
            byte[] line = new byte[8192];
            while (true) {
                long length = 0;
                for (int n; (n = line(in, line)) > 0; ) {
                    if (startsWith(line, n, "content-length:")) {
                        length = Long.parseLong(new String(line, 15, n - 15, StandardCharsets.US_ASCII).trim());
                    }
                }
                long blob = blobAsked(in, length);
                if (blob >= 0) {
                    writeBlob(out, blob); // the blob workload's floor
                } else {
                    out.write(response);
                }
            }
        } catch (EOFException e) {
            // the client hung up between requests
        } catch (IOException e) {
            // the client went away mid-request: nothing to answer
        }
    }

    /** Reads the body: the size of the blob it asks for, or -1 (a body too long to be a blob read is skipped). */
    private static long blobAsked(InputStream in, long length) throws IOException {
        if (length <= 0 || length > 4096) {
            in.skipNBytes(length);
            return -1;
        }
        return BlobBytes.requested(new String(in.readNBytes((int) length), StandardCharsets.ISO_8859_1));
    }

    private static void writeBlob(OutputStream out, long size) throws IOException {
        byte[] open = "{\"jsonrpc\":\"2.0\",\"id\":7,".getBytes(StandardCharsets.US_ASCII);
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                + (open.length + BlobBytes.resultLength(size)) + "\r\n\r\n";
        OutputStream buffered = new java.io.BufferedOutputStream(out, 1 << 16);
        buffered.write(head.getBytes(StandardCharsets.US_ASCII));
        buffered.write(open);
        BlobBytes.writeResult(buffered, size);
        buffered.flush();
    }

    /** Reads one line without its CR LF into {@code into}; its length, or EOFException at the end. */
    private static int line(InputStream in, byte[] into) throws IOException {
        int n = 0;
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new EOFException();
            }
            if (c != '\r' && n < into.length) {
                into[n++] = (byte) c;
            }
        }
        return n;
    }

    private static boolean startsWith(byte[] line, int n, String lowerPrefix) {
        if (n < lowerPrefix.length()) {
            return false;
        }
        for (int i = 0; i < lowerPrefix.length(); i++) {
            if (Character.toLowerCase(line[i]) != lowerPrefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
