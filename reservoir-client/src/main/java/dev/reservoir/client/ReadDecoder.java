package dev.reservoir.client;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.internal.Protocol;
import dev.reservoir.client.internal.ResultDecoder;
import dev.reservoir.client.internal.Uris;
import dev.reservoir.client.internal.io.Json;
import dev.reservoir.client.internal.io.SpillBuffer;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ModelReader;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a {@code resources/read} result as it streams in: each {@code blob} is base64-decoded
 * straight into a {@link SpillBuffer} (memory, then a temporary file) or into the caller's sink,
 * so a large blob is held neither as base64 text nor as a JSON tree. The item's other fields are
 * kept as its metadata. One use per call; runs on the transport's reading thread.
 */
final class ReadDecoder implements ResultDecoder<ReadResourceResult> {

    private final long spillThreshold;
    private OutputStream sink;

    /**
     * @param sink where the first item's bytes go (text as UTF-8), or null to keep them in the result
     */
    public ReadDecoder(long spillThreshold, OutputStream sink) {
        this.spillThreshold = spillThreshold;
        this.sink = sink;
    }

    @Override
    public ReadResourceResult decode(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new IOException("a read result must be an object, not " + p.currentToken());
        }
        List<ResourceContents> items = new ArrayList<>();
        Long ttl = null;
        String scope = null;
        String resultType = null;
        try {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "contents" -> {
                        if (value != JsonToken.START_ARRAY) {
                            throw new IOException("\"contents\" must be an array");
                        }
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            items.add(item(p));
                        }
                    }
                    case "ttlMs" -> ttl = value.isNumeric() ? p.getLongValue() : null;
                    case "cacheScope" -> scope = value == JsonToken.VALUE_STRING ? p.getText() : null;
                    case "resultType" -> resultType = value == JsonToken.VALUE_STRING ? p.getText() : null;
                    default -> p.skipChildren();
                }
            }
            if (resultType != null && !resultType.equals("complete")) {
                throw new IOException("the server answered with resultType \"" + resultType
                        + "\" (it needs input from the client), which this client does not handle");
            }
        } catch (IOException | RuntimeException e) {
            new ReadResourceResult(items, null).close();
            throw e;
        }
        return new ReadResourceResult(items, Protocol.cacheHint(ttl, scope));
    }

    private ResourceContents item(JsonParser p) throws IOException {
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        String text = null;
        SpillBuffer blob = null;
        long sunk = -1;
        boolean sunkText = false;
        try {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("blob")
                        && value == JsonToken.VALUE_STRING
                        && blob == null
                        && sunk < 0
                        && text == null) {
                    if (sink != null) {
                        CountingStream counter = new CountingStream(sink);
                        p.readBinaryValue(Json.BASE64, counter);
                        sunk = counter.count;
                        sink = null;
                    } else {
                        blob = new SpillBuffer(spillThreshold);
                        p.readBinaryValue(Json.BASE64, blob);
                        blob.close();
                    }
                } else if (field.equals("text")
                        && value == JsonToken.VALUE_STRING
                        && blob == null
                        && sunk < 0
                        && text == null) {
                    String t = p.getText();
                    if (sink != null) {
                        byte[] bytes = t.getBytes(StandardCharsets.UTF_8);
                        sink.write(bytes);
                        sunk = bytes.length;
                        sunkText = true;
                        sink = null;
                    } else {
                        text = t;
                    }
                } else {
                    fields.set(field, Json.MAPPER.readTree(p));
                }
            }
            Resource resource = metadata(fields);
            if (sunk >= 0) {
                return new StreamedResourceContents(resource, sunkText, sunk);
            }
            if (blob != null) {
                Path spilled = blob.file();
                return spilled != null
                        ? BlobResourceContents.ofFile(resource, spilled, blob.size())
                        : BlobResourceContents.ofBytes(resource, blob.bytes());
            }
            if (text != null) {
                return new TextResourceContents(resource, text);
            }
            throw new IOException("a contents item of " + resource.uri() + " has neither text nor blob");
        } catch (IOException | RuntimeException e) {
            if (blob != null) {
                blob.discard();
            }
            throw e;
        }
    }

    /** The item's metadata as a Resource (uri required; every other field as the server sent it). */
    static Resource metadata(ObjectNode fields) throws IOException {
        try {
            return ModelReader.resource(Uris.lenientUri(fields));
        } catch (IllegalArgumentException e) {
            throw new IOException("a contents item has no valid uri: " + e.getMessage(), e);
        }
    }

    private static final class CountingStream extends FilterOutputStream {
        long count;

        CountingStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
