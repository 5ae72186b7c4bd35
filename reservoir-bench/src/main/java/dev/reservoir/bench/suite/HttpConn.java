package dev.reservoir.bench.suite;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One persistent HTTP/1.1 connection, as lean as it can be so that the load measures the server:
 * POSTs and GETs with Content-Length or chunked answers, bodies readable as a stream. Answers in
 * either JSON or a server-sent event stream are accepted (servers may choose either). Not
 * thread-safe: one per worker.
 */
final class HttpConn implements AutoCloseable {

    /** An answer whose body is read by the caller (to its end, before the next request). */
    record Answer(int status, Map<String, String> headers, InputStream body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        boolean sse() {
            String type = header("content-type");
            return type != null && type.startsWith("text/event-stream");
        }

        /** The whole body as text. */
        String text() throws IOException {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        }

        /** The JSON-RPC message of the body: the JSON itself, or the data of the SSE event that carries an id. */
        String message() throws IOException {
            String text = text();
            if (!sse()) {
                return text;
            }
            String found = null;
            for (var event : dev.reservoir.core.sse.SseReader.readAll(text)) {
                if (event.data().contains("\"id\"")) {
                    found = event.data();
                }
            }
            return found == null ? "" : found;
        }
    }

    private final String host;
    private final int port;
    private final String path;
    private final Socket socket;
    /** The connection's channel when it was opened as one ({@link #channel}), else null. */
    private final SocketChannel channel;

    private final OutputStream out;
    private final Buffered in;

    HttpConn(int port, String path) throws IOException {
        this(port, path, 1 << 16);
    }

    /** A connection with a read buffer of this size (small ones for thousands of idle streams). */
    HttpConn(int port, String path, int bufferSize) throws IOException {
        this(connected(new Socket(), port), null, port, path, bufferSize);
    }

    private HttpConn(Socket socket, SocketChannel channel, int port, String path, int bufferSize) throws IOException {
        this.host = "127.0.0.1";
        this.port = port;
        this.path = path;
        this.socket = socket;
        this.channel = channel;
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(300_000);
        out = new BufferedOutputStream(socket.getOutputStream(), 8192);
        in = new Buffered(socket.getInputStream(), bufferSize);
    }

    private static Socket connected(Socket socket, int port) throws IOException {
        try {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * A connection opened as a channel, used blocking until {@link #handOver} gives the channel to
     * a selector (one thread reading many connections).
     */
    static HttpConn channel(int port, String path, int bufferSize) throws IOException {
        SocketChannel channel = SocketChannel.open();
        return new HttpConn(connected(channel.socket(), port), channel, port, path, bufferSize);
    }

    /** A channel made non-blocking, and what its connection had read already (to be taken first). */
    record HandedOver(SocketChannel channel, byte[] buffered) {}

    /**
     * Makes the channel of a connection opened by {@link #channel} non-blocking, for a selector;
     * this connection is not used again but to close it.
     */
    HandedOver handOver() throws IOException {
        if (channel == null) {
            throw new IllegalStateException("not a channel's connection");
        }
        // Only what the buffer holds: a read from the socket could take more than it said it had,
        // and what the buffer kept of it would be lost (a stream's framing broken: one stream, in
        // two of the runs with 10,000 subscribers).
        channel.configureBlocking(false);
        return new HandedOver(channel, in.takeBuffered());
    }

    /** Sends a POST without waiting for its answer (a stream, read elsewhere). */
    void sendPost(Map<String, String> headers, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = start("POST", headers);
        head.append("Content-Type: application/json\r\nContent-Length: ")
                .append(bytes.length)
                .append("\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }

    Answer post(Map<String, String> headers, String body) throws IOException {
        sendPost(headers, body);
        return read();
    }

    Answer get(Map<String, String> headers) throws IOException {
        sendGet(headers);
        return read();
    }

    /**
     * Sends a GET without waiting for its answer: some servers send a stream's headers only with
     * its first event. Read the answer later with {@link #answer()}.
     */
    void sendGet(Map<String, String> headers) throws IOException {
        StringBuilder head = start("GET", headers);
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The answer to a request sent with {@link #sendGet}. */
    Answer answer() throws IOException {
        return read();
    }

    private StringBuilder start(String method, Map<String, String> headers) {
        StringBuilder h =
                new StringBuilder(256).append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        h.append("Host: ").append(host).append(':').append(port).append("\r\n");
        h.append("Accept: application/json, text/event-stream\r\n");
        headers.forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
        return h;
    }

    private Answer read() throws IOException {
        String status = line();
        int code = Integer.parseInt(status.substring(9, 12));
        Map<String, String> headers = new HashMap<>();
        for (String h; !(h = line()).isEmpty(); ) {
            header(h, headers);
        }
        InputStream body;
        if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""))) {
            body = new Chunked();
        } else if (headers.containsKey("content-length")) {
            body = new Limited(Long.parseLong(headers.get("content-length")));
        } else {
            body = new Limited(0);
        }
        return new Answer(code, headers, body);
    }

    /** Puts a header line's field into {@code headers}, its name in lower case (a line without one is skipped). */
    static void header(String line, Map<String, String> headers) {
        int colon = line.indexOf(':');
        if (colon > 0) {
            headers.put(
                    line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).trim());
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(64);
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                b.write(c);
            }
        }
        if (c < 0) {
            throw new EOFException("connection closed");
        }
        return b.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // gone
        }
    }

    /** A buffered input whose buffered bytes can be taken without reading more. */
    private static final class Buffered extends BufferedInputStream {
        Buffered(InputStream in, int size) {
            super(in, size);
        }

        byte[] takeBuffered() {
            byte[] taken = java.util.Arrays.copyOfRange(buf, pos, count);
            pos = count;
            return taken;
        }
    }

    private final class Limited extends InputStream {
        private long left;

        Limited(long length) {
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int c = in.read();
            if (c < 0) {
                throw new EOFException();
            }
            left--;
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new EOFException();
            }
            left -= n;
            return n;
        }
    }

    private final class Chunked extends InputStream {
        private long left;
        private boolean done;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (left == 0) {
                String size = line().split(";")[0].trim();
                if (size.isEmpty()) {
                    size = line().split(";")[0].trim(); // the CRLF that ends the previous chunk
                }
                left = Long.parseLong(size, 16);
                if (left == 0) {
                    line(); // the empty line after the last chunk
                    done = true;
                    return -1;
                }
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new EOFException();
            }
            left -= n;
            return n;
        }
    }
}
