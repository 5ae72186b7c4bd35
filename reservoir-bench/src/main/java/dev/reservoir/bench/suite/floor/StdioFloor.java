package dev.reservoir.bench.suite.floor;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The stdio floor: reads a line, answers a fixed JSON-RPC response of the size of a real 1 KiB
 * read with the request's id (or, to a read of {@code bench://blob/...}, that blob's base64), and
 * nothing else. What a real server costs above this is its own.
 */
public final class StdioFloor {

    private StdioFloor() {}

    public static void main(String[] args) throws IOException {
        String text = "x".repeat(1024);
        byte[] tail = ("\"result\":{\"contents\":[{\"uri\":\"bench://text/0\",\"mimeType\":\"text/plain\",\"text\":\""
                        + text + "\"}]}}\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] head = "{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(
                new InputStreamReader(new FileInputStream(FileDescriptor.in), StandardCharsets.UTF_8), 1 << 16);
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        for (String line; (line = in.readLine()) != null; ) {
            String id = id(line);
            if (id == null) {
                if (!in.ready()) {
                    out.flush(); // what was answered before this notification must not wait for the next line
                }
                continue; // a notification
            }
            out.write(head);
            out.write(id.getBytes(StandardCharsets.UTF_8));
            out.write(',');
            long blob = BlobBytes.requested(line);
            if (blob >= 0) {
                BlobBytes.writeResult(out, blob); // the blob workload's floor
                out.write('\n');
            } else {
                out.write(tail);
            }
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
    }

    /** The raw id value of a request line, or null for a notification. */
    static String id(String line) {
        int at = line.indexOf("\"id\":");
        if (at < 0) {
            return null;
        }
        int start = at + 5;
        int end = start;
        if (line.charAt(start) == '"') {
            end = line.indexOf('"', start + 1) + 1;
        } else {
            while (end < line.length() && line.charAt(end) != ',' && line.charAt(end) != '}') {
                end++;
            }
        }
        return line.substring(start, end);
    }
}
