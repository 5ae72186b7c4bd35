package dev.reservoir.server.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** UTF-8 bytes of a reader, encoded a buffer at a time (the JDK has no such adapter). */
final class ReaderInputStream extends InputStream {
    private final Reader reader;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8
            .newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final CharBuffer chars = CharBuffer.allocate(8192);
    private final ByteBuffer bytes = ByteBuffer.allocate(16384);
    private boolean eof;

    ReaderInputStream(Reader reader) {
        this.reader = reader;
        chars.flip();
        bytes.flip();
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
        while (!bytes.hasRemaining()) {
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(len, bytes.remaining());
        bytes.get(b, off, n);
        return n;
    }

    private boolean fill() throws IOException {
        if (eof && !chars.hasRemaining()) {
            return false;
        }
        chars.compact();
        if (!eof) {
            int n = reader.read(chars);
            if (n < 0) {
                eof = true;
            }
        }
        chars.flip();
        bytes.clear();
        CoderResult result = encoder.encode(chars, bytes, eof);
        if (eof && !chars.hasRemaining()) {
            encoder.flush(bytes);
        }
        bytes.flip();
        if (result.isError()) {
            result.throwException();
        }
        return bytes.hasRemaining() || !eof || chars.hasRemaining();
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
