package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes JSON-RPC 2.0 messages. Decoding never throws for bad input: it yields a
 * {@link Decoded.Invalid} holding the error response the peer should get. Thread-safe.
 */
public final class JsonRpcCodec {

    private static final JsonRpcCodec DEFAULT = new JsonRpcCodec();

    /** Buffer sets (about 20 KiB each) kept for reuse: enough for the writers busy at once on a few cores. */
    static final int POOLED_BUFFER_SETS = 64;

    private final ObjectMapper mapper;
    private final JsonFactory factory;
    private final EnvelopeParser envelopes;

    /** Each platform thread's generator for {@link #writeValue} (virtual threads make their own). */
    private final ThreadLocal<Kept> kept = ThreadLocal.withInitial(() -> new Kept(this));

    private JsonRpcCodec() {
        // Duplicate keys are refused: a message must mean one thing, or a transport that checks a
        // header against the body could be fooled by a second "method" key.
        // Buffers: a platform thread keeps its own, a virtual thread takes them from a bounded
        // shared pool (BufferPool says why).
        JsonFactory pooled = JsonFactory.builder()
                .recyclerPool(new BufferPool(POOLED_BUFFER_SETS))
                .build();
        this.mapper = JsonMapper.builder(pooled)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                // The stream is the caller's to flush: a flush passed on when a message's writer
                // closes made every stdio message a write call of its own, and its newline a second.
                .disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM)
                // A write that fails half-way (a provider stream broke) must leave broken JSON, not
                // JSON that closes neatly around truncated content and would pass for a whole answer.
                .disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT)
                .build();
        this.factory = mapper.getFactory();
        this.envelopes = new EnvelopeParser(
                mapper.getNodeFactory(),
                mapper.readerFor(JsonNode.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS));
    }

    /** The shared codec. */
    public static JsonRpcCodec standard() {
        return DEFAULT;
    }

    /** The object mapper used for JSON trees; do not reconfigure it. */
    public ObjectMapper mapper() {
        return mapper;
    }

    /** Decodes one frame: a message or a batch. */
    public Decoded decode(byte[] frame) {
        return decode(frame, 0, frame.length);
    }

    /** Decodes one frame from part of a byte array. */
    public Decoded decode(byte[] frame, int offset, int length) {
        int malformed = StrictUtf8.firstMalformed(frame, offset, length);
        if (malformed >= 0) {
            // Jackson decodes overlong forms (C0 AF is '/'), which would let a crafted byte sequence
            // pass for a character no check saw; RFC 8259 requires UTF-8, so refuse it whole.
            return invalid(
                    null,
                    JsonRpcError.parseError("Parse error: the message is not valid UTF-8 at byte "
                            + (malformed - offset + 1) + " (an overlong, truncated or out-of-range sequence)"));
        }
        try (JsonParser parser = factory.createParser(frame, offset, length)) {
            Decoded message = envelopes.read(parser);
            if (message != null) {
                return message;
            }
        } catch (JsonProcessingException e) {
            // Broken JSON: read again as a tree below, which words the error as it always has.
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return decodeTree(frame, offset, length);
    }

    /**
     * Decodes one frame by reading it whole into a tree first: what {@link #decode(byte[], int, int)}
     * does for a batch, a frame that is not one object, and broken JSON (and what it did for every
     * frame before {@link EnvelopeParser}; tests compare the two).
     */
    Decoded decodeTree(byte[] frame, int offset, int length) {
        JsonNode tree;
        try {
            tree = mapper.readTree(frame, offset, length);
        } catch (JsonProcessingException e) {
            return parseError(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return classify(tree);
    }

    /**
     * Decodes one frame given as text, as its UTF-8 bytes would be (the way frames come off the
     * wire, so both take the same path); a lone surrogate, which has no UTF-8, becomes '?'.
     */
    public Decoded decode(String frame) {
        return decode(frame.getBytes(StandardCharsets.UTF_8));
    }

    /** Classifies an already-parsed JSON value as a message, a batch or an invalid frame. */
    public Decoded classify(JsonNode tree) {
        if (tree == null || tree.isMissingNode()) {
            return invalid(null, JsonRpcError.parseError("Parse error: the message is empty"));
        }
        if (tree.isArray()) {
            if (tree.isEmpty()) {
                return invalid(null, JsonRpcError.invalidRequest("Invalid request: empty batch"));
            }
            List<Decoded> items = new ArrayList<>(tree.size());
            for (JsonNode item : tree) {
                items.add(MessageReader.read(item));
            }
            return new Decoded.Batch(items);
        }
        return MessageReader.read(tree);
    }

    /**
     * Writes one message as compact JSON, without a trailing newline. {@code out} is neither
     * flushed nor closed: the caller frames and flushes (once for several messages, if it likes).
     */
    public void write(JsonRpcMessage message, OutputStream out) throws IOException {
        if (message instanceof JsonRpcResult result
                && result.result() instanceof JsonWritable.Encoded encoded
                && result.id() instanceof RequestId.Num id) {
            // An answer written already (most reads): its envelope is a few fixed bytes, and
            // setting up a generator for them cost more than copying the answer.
            out.write(RESULT_BEFORE_ID);
            out.write(Long.toString(id.value()).getBytes(StandardCharsets.ISO_8859_1));
            out.write(RESULT_AFTER_ID);
            encoded.writeEncodedTo(out);
            out.write('}');
            return;
        }
        // A platform thread's kept generator (see writeValue): a generator set up for each answer
        // written straight to stdio was 6% of a 1 KiB read's server time.
        writeValue(g -> MessageWriter.write(g, message), out);
    }

    private static final byte[] RESULT_BEFORE_ID = "{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] RESULT_AFTER_ID = ",\"result\":".getBytes(StandardCharsets.ISO_8859_1);

    /**
     * Writes one value as compact JSON into {@code out}, which is neither flushed nor closed. A
     * platform thread keeps its generator for its next value: stdio's reading thread writes every
     * answer this way, and setting a generator up and closing it cost a quarter of writing a 1 KiB
     * read's answer. A value that fails half-way leaves what was written in {@code out}, as a
     * closed generator would, and the generator is not kept.
     */
    public void writeValue(JsonWritable value, OutputStream out) throws IOException {
        Kept mine = Thread.currentThread().isVirtual() ? null : kept.get();
        if (mine == null || mine.busy) { // a virtual thread, or a value written inside another
            try (JsonGenerator generator = factory.createGenerator(out)) {
                value.writeTo(generator);
            }
            return;
        }
        mine.busy = true;
        mine.sink.target = out;
        boolean written = false;
        try {
            value.writeTo(mine.generator);
            mine.generator.flush();
            // A value that left an object or array open would have the next one written inside it.
            written = mine.generator.getOutputContext().inRoot();
        } finally {
            if (!written) {
                kept.remove(); // its state is the failed value's
                try {
                    mine.generator.close();
                } catch (IOException | RuntimeException e) {
                    // the value's own failure is the one that counts
                }
            }
            mine.sink.target = null;
            mine.busy = false;
        }
    }

    /** A generator kept by one thread, writing into whichever stream its current value goes to. */
    private static final class Kept {
        final Sink sink = new Sink();
        final JsonGenerator generator;
        boolean busy;

        Kept(JsonRpcCodec codec) {
            try {
                generator = codec.factory.createGenerator(sink);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            // One value after another, with nothing between them (by default a space).
            generator.setRootValueSeparator(null);
        }
    }

    /** Passes what a kept generator flushes on to the stream of the value being written. */
    private static final class Sink extends OutputStream {
        OutputStream target;

        @Override
        public void write(int b) throws IOException {
            target.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            target.write(b, off, len);
        }
    }

    /** Writes a batch of responses as one JSON array, without a trailing newline; {@code out} is not flushed. */
    public void writeBatch(List<? extends JsonRpcMessage> messages, OutputStream out) throws IOException {
        try (JsonGenerator generator = factory.createGenerator(out)) {
            generator.writeStartArray();
            for (JsonRpcMessage message : messages) {
                MessageWriter.write(generator, message);
            }
            generator.writeEndArray();
        }
    }

    /** Encodes one message to bytes (for small messages and tests). */
    public byte[] encode(JsonRpcMessage message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try {
            write(message, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Renders any writable value as a JSON tree (for tests and small values). */
    public JsonNode toTree(JsonWritable value) {
        if (value instanceof JsonWritable.Tree tree) {
            return tree.node();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator generator = factory.createGenerator(out)) {
            value.writeTo(generator);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return mapper.readTree(out.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh empty object node. */
    public ObjectNode objectNode() {
        return mapper.createObjectNode();
    }

    /**
     * Creates a generator over a stream (the caller closes it; the stream stays open, and is not
     * flushed by the generator's {@code flush} or {@code close}, which only empty its buffer into it).
     */
    public JsonGenerator generator(OutputStream out) throws IOException {
        return factory.createGenerator(out);
    }

    /** Creates a streaming parser over bytes. */
    public JsonParser parser(byte[] bytes) throws IOException {
        return factory.createParser(bytes);
    }

    private static Decoded parseError(JsonProcessingException e) {
        // Say where, not Jackson's whole message (it can echo a long stretch of the input).
        String where = e.getLocation() == null
                ? ""
                : " at line " + e.getLocation().getLineNr() + ", column "
                        + e.getLocation().getColumnNr();
        String what = e.getOriginalMessage();
        if (what != null && what.length() > 120) {
            what = what.substring(0, 120) + "...";
        }
        return invalid(null, JsonRpcError.parseError("Parse error" + where + ": " + what));
    }

    static Decoded.Invalid invalid(RequestId id, JsonRpcError error) {
        return new Decoded.Invalid(new JsonRpcErrorResponse(id, error), null, false);
    }
}
