package dev.reservoir.provider.git;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Checks bytes for strict UTF-8. */
final class Utf8 {

    private Utf8() {}

    /** Whether {@code bytes[offset..]} is UTF-8; when not {@code whole}, a character cut off at the end is fine. */
    static boolean isValid(byte[] bytes, int offset, boolean whole) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
        CharBuffer out = CharBuffer.allocate(1024);
        CoderResult result;
        do {
            out.clear();
            result = decoder.decode(in, out, whole);
        } while (result.isOverflow());
        if (result.isError()) {
            return false;
        }
        return whole ? !in.hasRemaining() : in.remaining() < 4;
    }
}
