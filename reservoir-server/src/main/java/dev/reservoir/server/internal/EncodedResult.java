package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonWritable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A result value already written as compact UTF-8 JSON (by {@link MessageCap}, which had to know
 * its size): a generator that writes bytes puts those bytes out as they are, any other copies it
 * token by token, so the wire is the same as if the value had been written afresh.
 */
record EncodedResult(byte[] json) implements JsonWritable {

    @Override
    public void writeTo(JsonGenerator generator) throws IOException {
        if (generator instanceof UTF8JsonGenerator) {
            generator.writeRawValue(new Raw(json));
            return;
        }
        try (JsonParser parser = JsonRpcCodec.standard().mapper().createParser(json)) {
            parser.nextToken();
            generator.copyCurrentStructure(parser);
        }
    }

    /**
     * The bytes as a raw value for {@link UTF8JsonGenerator#writeRaw}, which only asks for them
     * unquoted, as bytes; the quoted and char forms are never asked of a raw value.
     */
    private record Raw(byte[] utf8) implements SerializableString {

        @Override
        public byte[] asUnquotedUTF8() {
            return utf8;
        }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            if (offset + utf8.length > buffer.length) {
                return -1; // the generator then writes asUnquotedUTF8() through its own path
            }
            System.arraycopy(utf8, 0, buffer, offset, utf8.length);
            return utf8.length;
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(utf8);
            return utf8.length;
        }

        @Override
        public int putUnquotedUTF8(ByteBuffer buffer) {
            if (utf8.length > buffer.remaining()) {
                return -1;
            }
            buffer.put(utf8);
            return utf8.length;
        }

        @Override
        public String getValue() {
            return new String(utf8, StandardCharsets.UTF_8);
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
            return new UnsupportedOperationException("a raw JSON value is never written as a quoted string");
        }
    }
}
