package dev.reservoir.server.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The first {@code length} bytes of an array as a raw value for Jackson's UTF-8 writer, which asks
 * only for them unquoted, as bytes ({@code writeRaw}); the array is handed over without a copy when
 * it is all used.
 */
final class RawBytes implements com.fasterxml.jackson.core.SerializableString {

    /** No bytes at all. */
    static final RawBytes NOTHING = new RawBytes(new byte[0], 0);

    /** A JSON string's quote. */
    static final RawBytes QUOTE = new RawBytes(new byte[] {'"'}, 1);

    private final byte[] bytes;
    private final int length;

    RawBytes(byte[] bytes, int length) {
        this.bytes = bytes;
        this.length = length;
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (offset + length > buffer.length) {
            return -1; // the writer then writes asUnquotedUTF8() itself
        }
        System.arraycopy(bytes, 0, buffer, offset, length);
        return length;
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(bytes, 0, length);
        return length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (length > buffer.remaining()) {
            return -1;
        }
        buffer.put(bytes, 0, length);
        return length;
    }

    @Override
    public String getValue() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    @Override
    public int charLength() {
        return getValue().length();
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        String value = getValue();
        if (offset + value.length() > buffer.length) {
            return -1;
        }
        value.getChars(0, value.length(), buffer, offset);
        return value.length();
    }

    @Override
    public char[] asQuotedChars() {
        throw quoted();
    }

    @Override
    public byte[] asQuotedUTF8() {
        throw quoted();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        throw quoted();
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        throw quoted();
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) {
        throw quoted();
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        throw quoted();
    }

    private static UnsupportedOperationException quoted() {
        return new UnsupportedOperationException("raw bytes are never written as a quoted string");
    }
}
