package dev.reservoir.client.internal.io;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Passes a stream through, keeping its first bytes to show in a message about it. */
public final class HeadInput extends FilterInputStream {

    private final int keep;
    private final ByteArrayOutputStream head = new ByteArrayOutputStream();

    public HeadInput(InputStream in, int keep) {
        super(in);
        this.keep = keep;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0 && head.size() < keep) {
            head.write(b);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0 && head.size() < keep) {
            head.write(b, off, Math.min(n, keep - head.size()));
        }
        return n;
    }

    /** What was read first, as text, without its line end ("..." when there was more). */
    public String head() {
        String text = head.toString(StandardCharsets.UTF_8).stripTrailing();
        return head.size() >= keep ? text + "..." : text;
    }
}
