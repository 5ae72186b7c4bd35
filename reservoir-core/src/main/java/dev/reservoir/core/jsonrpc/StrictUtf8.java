package dev.reservoir.core.jsonrpc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Checks bytes against RFC 3629 with the JDK's decoder, which refuses overlong forms, surrogates and values past U+10FFFF. */
final class StrictUtf8 {

    private StrictUtf8() {}

    /** The index of the first byte of the first malformed sequence, or -1 when the bytes are valid UTF-8. */
    static int firstMalformed(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int i = asciiEnd(bytes, offset, end); // ASCII, the common case, needs no decoder
        if (i == end) {
            return -1;
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, i, end - i);
        CharBuffer out = CharBuffer.allocate(1024);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return in.position();
            }
            if (result.isUnderflow()) {
                return decoder.flush(out).isError() ? in.position() : -1;
            }
            out.clear(); // overflow: only validity matters, not the characters
        }
    }

    /**
     * Where the ASCII that starts at {@code from} ends: the index of the first byte from 0x80 up,
     * or {@code end}. Eight bytes are looked at a time, as one long whose high bits are all clear
     * for ASCII: a byte at a time was 7% of decoding a 2026-07-28 read request (about 0.1 us for
     * its 200 bytes; async-profiler, reservoir-bench/PROFILE.md, forty-fifth pass).
     */
    static int asciiEnd(byte[] bytes, int from, int end) {
        int i = from;
        while (i <= end - 8 && ((long) LONGS.get(bytes, i) & HIGH_BITS) == 0) {
            i += 8;
        }
        while (i < end && bytes[i] >= 0) {
            i++;
        }
        return i;
    }

    private static final long HIGH_BITS = 0x8080808080808080L;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
}
