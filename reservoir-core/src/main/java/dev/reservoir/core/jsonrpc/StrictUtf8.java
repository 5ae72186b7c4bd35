package dev.reservoir.core.jsonrpc;

import java.nio.ByteBuffer;
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
        int i = offset;
        while (i < end && bytes[i] >= 0) {
            i++; // ASCII, the common case, needs no decoder
        }
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
}
