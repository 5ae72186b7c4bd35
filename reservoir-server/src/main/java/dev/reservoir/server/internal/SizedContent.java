package dev.reservoir.server.internal;

import dev.reservoir.server.internal.rpc.AnswerBrokenException;
import java.io.FilterInputStream;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Counts a body as it is written and fails (an {@link AnswerBrokenException}) before its answer
 * could end neatly with the wrong content: when a body of announced size yields fewer or more
 * bytes, or a body of unknown size passes the read limit. Text counts the UTF-8 bytes of its
 * characters, the size a text body announces.
 */
final class SizedContent {

    private SizedContent() {}

    /** The stream as it should be copied: checked against {@code size} if known (>= 0), else against {@code max}. */
    static InputStream bytes(InputStream in, String uri, long size, long max) {
        return new CountedBytes(in, new Tally(uri, size, max));
    }

    /** The reader as it should be copied: checked against {@code size} (UTF-8 bytes) if known, else against {@code max}. */
    static Reader text(Reader in, String uri, long size, long max) {
        return new CountedText(in, new Tally(uri, size, max));
    }

    /**
     * A failure of the content itself (not of the channel) breaks the answer like a wrong size does,
     * so a client on stdio is told instead of waiting: a provider's message that names the resource
     * is passed on (it was written for clients); any other, which may name server paths, is not.
     */
    private static AnswerBrokenException broken(IOException failure, String uri) {
        if (failure instanceof AnswerBrokenException b) {
            return b;
        }
        String said = failure.getMessage();
        AnswerBrokenException broken = new AnswerBrokenException(
                said != null && said.startsWith(uri) ? said : "reading " + uri + " failed part-way");
        broken.initCause(failure);
        return broken;
    }

    /** What was counted so far against what was announced. */
    private static final class Tally {
        private final String uri;
        private final long size;
        private final long max;
        private long count;

        Tally(String uri, long size, long max) {
            this.uri = uri;
            this.size = size;
            this.max = max;
        }

        void add(long n) throws AnswerBrokenException {
            count += n;
            if (size >= 0 && count > size) {
                throw new AnswerBrokenException(uri + " is longer than the " + size
                        + " bytes it announced: it changed while it was read; read it again");
            }
            if (size < 0 && count > max) {
                throw new AnswerBrokenException(
                        uri + " grew past the read limit of " + max + " bytes while it was read");
            }
        }

        void end() throws AnswerBrokenException {
            if (size >= 0 && count != size) {
                throw new AnswerBrokenException(uri + " ended after " + count + " of the " + size
                        + " bytes it announced: it changed while it was read; read it again");
            }
        }
    }

    private static final class CountedBytes extends FilterInputStream {
        private final Tally tally;

        CountedBytes(InputStream in, Tally tally) {
            super(in);
            this.tally = tally;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(b, off, len);
            } catch (IOException e) {
                throw broken(e, tally.uri);
            }
            if (n < 0) {
                tally.end(); // before the writer sees the end and closes the answer
            } else {
                tally.add(n);
            }
            return n;
        }

        @Override
        public long skip(long n) {
            return 0; // every byte must be counted; the writer never skips
        }
    }

    private static final class CountedText extends FilterReader {
        private final Tally tally;

        CountedText(Reader in, Tally tally) {
            super(in);
            this.tally = tally;
        }

        @Override
        public int read() throws IOException {
            char[] one = new char[1];
            return read(one, 0, 1) < 0 ? -1 : one[0];
        }

        @Override
        public int read(char[] buffer, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(buffer, off, len);
            } catch (IOException e) {
                throw broken(e, tally.uri);
            }
            if (n < 0) {
                tally.end();
                return n;
            }
            long bytes = 0;
            for (int i = off; i < off + n; i++) {
                bytes += utf8Length(buffer[i]);
            }
            tally.add(bytes);
            return n;
        }

        @Override
        public long skip(long n) {
            return 0;
        }
    }

    /** UTF-8 bytes of one char; each half of a surrogate pair counts 2, so the pair counts 4. */
    static int utf8Length(char c) {
        if (c < 0x80) {
            return 1;
        }
        if (c < 0x800 || Character.isSurrogate(c)) {
            return 2;
        }
        return 3;
    }
}
