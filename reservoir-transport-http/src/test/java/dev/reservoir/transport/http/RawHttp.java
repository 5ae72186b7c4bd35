package dev.reservoir.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for what java.net.http will not do: send any Host header, and read
 * (or not read) a response at the pace a test chooses. Responses are read with
 * {@code Connection: close} semantics; chunked bodies are decoded.
 */
final class RawHttp implements AutoCloseable {

    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

    /** An initialize POST naming this Host (and Origin, unless null), its head read: the header checks' answer. */
    static RawHttp initialize(int port, String host, String origin) throws IOException {
        java.util.Map<String, String> h = new java.util.LinkedHashMap<>();
        h.put("Host", host);
        if (origin != null) {
            h.put("Origin", origin);
        }
        h.put("Content-Type", "application/json");
        h.put("Accept", "application/json, text/event-stream");
        h.put("Connection", "close");
        return new RawHttp(port, 0).send("POST /mcp HTTP/1.1", h, INITIALIZE).readHead();
    }

    final Socket socket;
    private final InputStream in;
    int status;
    final Map<String, String> headers = new LinkedHashMap<>();
    private boolean chunked;
    private long chunkLeft;
    private boolean bodyDone;

    /** Connects with this receive buffer (bytes; 0 for the default). */
    RawHttp(int port, int receiveBuffer) throws IOException {
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.setSoTimeout(10_000);
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        in = socket.getInputStream();
    }

    /** Sends a request: the request line and headers as given, then the body (may be null). */
    RawHttp send(String requestLine, Map<String, String> requestHeaders, String body) throws IOException {
        StringBuilder head = new StringBuilder(requestLine).append("\r\n");
        requestHeaders.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null) {
            head.append("Content-Length: ").append(bytes.length).append("\r\n");
        }
        head.append("\r\n");
        OutputStream out = socket.getOutputStream();
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Reads the status line and headers (of the next response, on a connection kept open). */
    RawHttp readHead() throws IOException {
        headers.clear();
        chunkLeft = 0;
        bodyDone = false;
        String statusLine = line();
        while (statusLine.isEmpty()) {
            statusLine = line(); // the blank line that ends the previous chunked body
        }
        status = Integer.parseInt(statusLine.split(" ")[1]);
        String h;
        while (!(h = line()).isEmpty()) {
            int colon = h.indexOf(':');
            headers.put(
                    h.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    h.substring(colon + 1).trim());
        }
        chunked = "chunked".equalsIgnoreCase(headers.get("transfer-encoding"));
        if (!chunked && headers.containsKey("content-length")) {
            chunkLeft = Long.parseLong(headers.get("content-length"));
            if (chunkLeft == 0) {
                bodyDone = true;
            }
        }
        return this;
    }

    /** The body as a stream (de-chunked), read as it comes. */
    java.io.InputStream bodyStream() {
        return new java.io.InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                byte[] part = new byte[len];
                int n = RawHttp.this.read(part);
                if (n > 0) {
                    System.arraycopy(part, 0, b, off, n);
                }
                return n;
            }
        };
    }

    /** Reads body bytes as they come (de-chunked); -1 at the end of the body or the connection. */
    int read(byte[] buffer) throws IOException {
        if (bodyDone) {
            return -1;
        }
        if (chunked && chunkLeft == 0) {
            String size = line();
            if (size.isEmpty()) {
                size = line();
            }
            chunkLeft = Long.parseLong(size.split(";")[0].trim(), 16);
            if (chunkLeft == 0) {
                bodyDone = true;
                return -1;
            }
        }
        int max = (int)
                Math.min(buffer.length, chunked || headers.containsKey("content-length") ? chunkLeft : buffer.length);
        int n = in.read(buffer, 0, max);
        if (n < 0) {
            bodyDone = true;
            return -1;
        }
        if (chunked || headers.containsKey("content-length")) {
            chunkLeft -= n;
            if (!chunked && chunkLeft == 0) {
                bodyDone = true;
            }
        }
        return n;
    }

    /** Reads the rest of the body (until its end, the connection's end, or an error). */
    String body() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            int n;
            while ((n = read(buffer)) >= 0) {
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // The server cut the connection: what arrived before is the body.
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private String line() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                break;
            }
            if (c != '\r') {
                out.write(c);
            }
        }
        if (c < 0 && out.size() == 0) {
            throw new IOException("connection closed");
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
