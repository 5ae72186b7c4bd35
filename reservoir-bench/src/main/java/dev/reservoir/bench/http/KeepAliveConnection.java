package dev.reservoir.bench.http;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * One persistent HTTP/1.1 connection that sends POSTs and reads their answers (with a length or
 * chunked), with as little client work as possible, so the load measures the server. Not
 * thread-safe: one per load worker.
 */
final class KeepAliveConnection implements AutoCloseable {

    /** One answer: the status and the body's length. */
    record Answer(int status, int length) {}

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final byte[] head;

    KeepAliveConnection(URI target, Map<String, String> headers) throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(30_000);
        socket.connect(new InetSocketAddress(target.getHost(), target.getPort()), 5_000);
        out = new BufferedOutputStream(socket.getOutputStream(), 8192);
        in = new BufferedInputStream(socket.getInputStream(), 16384);
        StringBuilder h = new StringBuilder("POST ").append(target.getPath()).append(" HTTP/1.1\r\n");
        h.append("Host: ")
                .append(target.getHost())
                .append(':')
                .append(target.getPort())
                .append("\r\n");
        h.append("Content-Type: application/json\r\n");
        h.append("Accept: application/json, text/event-stream\r\n");
        headers.forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
        head = h.toString().getBytes(StandardCharsets.US_ASCII);
    }

    Answer post(String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        out.write(head);
        out.write(("Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        String status = line();
        int code = Integer.parseInt(status.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        String h;
        while (!(h = line()).isEmpty()) {
            String lower = h.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(lower.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        int read = 0;
        if (chunked) {
            long size;
            while ((size = Long.parseLong(line().split(";")[0].trim(), 16)) > 0) {
                skip(size);
                read += (int) size;
                line();
            }
            line();
        } else if (length > 0) {
            skip(length);
            read = (int) length;
        }
        return new Answer(code, read);
    }

    private void skip(long n) throws IOException {
        long left = n;
        while (left > 0) {
            long s = in.skip(left);
            if (s <= 0) {
                if (in.read() < 0) {
                    throw new IOException("connection closed in a body");
                }
                s = 1;
            }
            left -= s;
        }
    }

    private String line() throws IOException {
        StringBuilder b = new StringBuilder(64);
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                b.append((char) c);
            }
        }
        if (c < 0) {
            throw new IOException("connection closed");
        }
        return b.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
