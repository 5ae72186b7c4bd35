package dev.reservoir.provider.fs;

import java.io.IOException;
import java.io.InputStream;

/**
 * The bytes of a file, exactly as many as were announced ({@code size}, from the attributes the
 * resource was described with). A file that ends sooner (truncated while it is read) fails with
 * an IOException where it ends; one that holds more (it grew) fails once the announced size has
 * been delivered and another byte is there. So a file that changes while it is sent never makes
 * an answer that looks complete but has another size: the server breaks an answer whose stream
 * fails. Not thread-safe, like any stream.
 */
final class ExactSizeStream extends InputStream {

    private final InputStream in;
    private final long size;
    private final String uri;
    private long left;

    ExactSizeStream(InputStream in, long size, String uri) {
        this.in = in;
        this.size = size;
        this.uri = uri;
        this.left = size;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (left == 0) {
            if (in.read() >= 0) {
                throw new IOException(uri + " grew while it was read: it is longer than the " + size
                        + " bytes it announced; read it again");
            }
            return -1;
        }
        int n = in.read(b, off, (int) Math.min(len, left));
        if (n < 0) {
            throw new IOException(uri + " shrank while it was read: it ended after " + (size - left) + " of the " + size
                    + " bytes it announced; read it again");
        }
        left -= n;
        return n;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(in.available(), left);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
