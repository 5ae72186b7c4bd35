package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.DeferredResult;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.server.internal.rpc.SizeCap;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Keeps what the server sends within the size a client reads whole: over stdio the TypeScript SDK,
 * which most desktop hosts use, drops a message over 10 MiB and closes the connection for good.
 * An answer is measured before its first byte is written, and one that would be too large is
 * replaced by an error that gives its size, the limit and how to raise it; the connection stays
 * usable. Thread-safe.
 */
final class MessageCap implements SizeCap {

    /** In-memory read answers up to this size (at most, before escapes) are written once, whole. */
    private static final long WRITTEN_ONCE_MOST = 64 * 1024;

    private final long limit;

    MessageCap(long limit) {
        this.limit = limit;
    }

    /** The message itself if it fits, else an error response in its place. */
    @Override
    public JsonRpcMessage fit(JsonRpcMessage message) {
        if (!(message instanceof JsonRpcResult result)) {
            return message; // errors are short; notifications are not answers
        }
        if (result.result() instanceof BoundedResult bounded
                && bounded.mostBytes() + mostEnvelope(result.id()) <= limit) {
            return message; // it cannot pass the limit: sent as it is written
        }
        if (!(result.result() instanceof DeferredResult)) {
            return writtenOnce(result, 256);
        }
        if (result.result() instanceof ReadAnswer answer) {
            long most = answer.inMemoryMost();
            if (most >= 0 && most + mostEnvelope(result.id()) <= limit) {
                // Held in memory and cannot pass the limit (the common read): written straight
                // to the client, not into a buffer to be copied again (stdio, 1 KiB reads at 64 in
                // flight: reservoir-bench/PROFILE.md).
                return message;
            }
        }
        if (result.result() instanceof ReadAnswer answer && answer.inMemoryWithin(WRITTEN_ONCE_MOST)) {
            // A small answer held in memory (the common read) is written once into a buffer and
            // sent as those bytes: measuring it first wrote its skeleton through the JSON writer.
            JsonRpcMessage written = writtenOnce(result, answer.inMemoryLowerBound() + 512);
            if (written != result) {
                answer.close(); // written (or refused): what the read held is released now
            }
            return written;
        }
        long size = measure(result, limit, false);
        if (size < 0) {
            // The quick measure may give an upper bound that passes the limit where the exact size
            // would not (text taken at 6 bytes a character): refuse only on the exact size.
            size = measure(result, limit, true);
        }
        return size >= 0 ? message : refused(result, limit);
    }

    /**
     * A result held in memory (a list page, a small read) is written here once, into at most the
     * limit's bytes, and sent as those bytes: measuring it with a first pass into a counter wrote
     * every such answer twice. The envelope's exact size is written out only near the limit.
     */
    private JsonRpcMessage writtenOnce(JsonRpcResult result, int expected) {
        Bounded out = new Bounded(limit, expected);
        try {
            JsonRpcCodec.standard().writeValue(result.result(), out);
            if (out.size() + mostEnvelope(result.id()) > limit && out.size() + envelope(result.id()) > limit) {
                return refused(result, limit);
            }
        } catch (ContentMeter.Counting.Passed e) {
            return refused(result, limit);
        } catch (IOException | RuntimeException e) {
            return result; // it fails the same way when written, which is what the sink reports
        }
        return new JsonRpcResult(result.id(), out.encoded());
    }

    /** {"jsonrpc":"2.0","id":,"result":} without the id's value: what a result's envelope adds to it. */
    private static final int ENVELOPE = "{\"jsonrpc\":\"2.0\",\"id\":,\"result\":}".length();

    /** The most bytes the envelope of a result with this id takes (a string id at 6 bytes a character). */
    private static long mostEnvelope(RequestId id) {
        // Not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        return ENVELOPE + (id instanceof RequestId.Str s ? 2 + 6L * s.value().length() : id == null ? 4 : 20);
    }

    /** The exact bytes the envelope of a result with this id takes (asked only near the limit). */
    private static long envelope(RequestId id) throws IOException {
        ContentMeter.Counting envelope = new ContentMeter.Counting(Long.MAX_VALUE);
        JsonRpcCodec.standard().write(new JsonRpcResult(id, JsonGenerator::writeNull), envelope);
        return envelope.count - "null".length();
    }

    /**
     * Holds what is written, up to a most; past it, throws {@link ContentMeter.Counting.Passed}.
     * What it holds is handed on without a copy ({@link #encoded}).
     */
    private static final class Bounded extends OutputStream {
        private final long most;
        private final Held held;

        Bounded(long most, int expected) {
            this.most = most;
            this.held = new Held((int) Math.max(16, Math.min(most, expected)));
        }

        /** A byte array stream that lets its array go: the answer is sent from it as it is. */
        private static final class Held extends ByteArrayOutputStream {
            Held(int size) {
                super(size);
            }

            EncodedResult encoded() {
                return new EncodedResult(buf, count);
            }
        }

        @Override
        public void write(int b) throws IOException {
            check(1);
            held.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            check(len);
            held.write(b, off, len);
        }

        private void check(int more) throws ContentMeter.Counting.Passed {
            if (held.size() + (long) more > most) {
                throw new ContentMeter.Counting.Passed();
            }
        }

        int size() {
            return held.size();
        }

        /** What was written, as a result (this stream is not written to again). */
        EncodedResult encoded() {
            return held.encoded();
        }
    }

    /**
     * The responses of a batch, which is one message: in order, each that still fits what is left
     * is kept, each that does not is replaced by an error (so the earlier answers still arrive).
     */
    @Override
    public List<JsonRpcMessage> fitBatch(List<? extends JsonRpcMessage> messages) {
        long left = limit - 2 - Math.max(0, messages.size() - 1); // the brackets and the commas
        List<JsonRpcMessage> fitted = new ArrayList<>(messages.size());
        for (JsonRpcMessage message : messages) {
            long size = measure(message, left, true);
            JsonRpcMessage kept = message;
            if (size < 0) {
                kept = message instanceof JsonRpcResult result ? refused(result, left) : message;
                size = Math.max(0, measure(kept, Long.MAX_VALUE, true));
            }
            left -= size;
            fitted.add(kept);
        }
        return fitted;
    }

    /** The message's size in bytes if at most {@code budget}, else -1; an error if measuring failed. */
    private static long measure(JsonRpcMessage message, long budget, boolean exact) {
        try {
            if (message instanceof JsonRpcResult result && result.result() instanceof ReadAnswer answer) {
                return answer.measure(result.id(), budget, exact);
            }
            ContentMeter.Counting out = new ContentMeter.Counting(budget);
            JsonRpcCodec.standard().write(message, out);
            return out.count;
        } catch (ContentMeter.Counting.Passed e) {
            return ContentMeter.OVER;
        } catch (IOException | RuntimeException e) {
            // Measuring read the content and that failed: the answer itself would fail the same way,
            // and writing it then breaks it, which is what happens to a content failure anyway.
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** The refusal of an answer, whose read then releases what it held (it will never be written). */
    private JsonRpcErrorResponse refused(JsonRpcResult result, long room) {
        JsonRpcErrorResponse refusal = refusal(result, room);
        if (result.result() instanceof ReadAnswer answer) {
            answer.release();
        }
        return refusal;
    }

    private JsonRpcErrorResponse refusal(JsonRpcResult result, long room) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        String what = "the answer would be larger than";
        if (result.result() instanceof ReadAnswer answer) {
            data.put("uri", answer.uri());
            ReadAnswer.Estimate size = answer.estimate(result.id());
            what = "the answer to resources/read of " + answer.uri() + " would be "
                    + (size.exact() ? human(size.bytes()) : "at least " + human(Math.max(size.bytes(), room + 1)))
                    + ", more than";
            if (size.exact()) {
                data.put("size", size.bytes());
            }
        }
        data.put("limit", limit);
        String where = room < limit
                ? " the " + human(room) + " left of the " + human(limit) + " this batch's answer may have"
                : " the " + human(limit) + " a message may have over stdio, where clients drop larger ones";
        return new JsonRpcErrorResponse(
                result.id(),
                Errors.contentTooLarge(
                        "Content too large: " + what + where
                                + "; raise the limit (reservoir serve --max-message-size SIZE, or"
                                + " McpServerBuilder.maxMessageBytes) or read it over HTTP, which streams large answers",
                        data));
    }

    /** "8.0 MiB (8388608 bytes)". */
    static String human(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB (%d bytes)", bytes / 1048576.0, bytes);
    }
}
