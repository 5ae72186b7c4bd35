package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.jsonrpc.DeferredResult;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.jsonrpc.WireNames;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.Errors;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answer to {@code resources/read}. It holds nothing open until it is written: then it takes a
 * place in the server's stream budget, opens its first streamed item (so content gone since the
 * provider answered is a clean "not found", not a broken answer), and opens the others one at a
 * time as it writes them. Where the client reads messages whole, it is measured before it is sent.
 * What the provider's read holds ({@link ReadResult#holding}) is released once, when the answer was
 * written or failed ({@link #close()}), was refused or dropped ({@link #release()}), or, should a
 * transport lose it unwritten (its client gone), when it is collected. Written by one thread at a time.
 */
final class ReadAnswer implements DeferredResult {

    private static final Logger log = LoggerFactory.getLogger(ReadAnswer.class);
    private static final Cleaner CLEANER = Cleaner.create();

    /**
     * What a read answer needs from the server; {@code contentWriteBytes} is the sink's
     * {@link dev.reservoir.server.transport.MessageSink#contentWriteBytes}.
     */
    record Context(
            WireFormat wire,
            Implementation serverInfo,
            StreamBudget budget,
            Duration streamWait,
            long maxReadBytes,
            int contentWriteBytes) {}

    private final String uri;
    private final Release held;
    private final List<ResourceContent> contents;
    private final CacheHint hint;
    private final Context context;
    private boolean holdsPlace;
    private Closeable first;

    ReadAnswer(String uri, ReadResult result, List<ResourceContent> contents, CacheHint hint, Context context) {
        this.uri = uri;
        this.contents = List.copyOf(contents);
        this.hint = hint;
        this.context = context;
        for (ResourceContent content : contents) {
            long size = content.body().size().orElse(-1);
            if (size > context.maxReadBytes()) {
                throw McpException.contentTooLarge(content.resource().uri(), size, context.maxReadBytes());
            }
        }
        this.held = new Release(result);
        if (result.held() != null) {
            // Only a result that holds something needs the safety net: registering a cleaner for
            // every read cost a few percent of a small read's time, and more in the collector.
            CLEANER.register(this, held);
        }
    }

    /** Releases what the provider's read holds (once); the answer must not be written after. */
    void release() {
        held.run();
    }

    /** Releases a result no answer was made of. */
    static void releaseQuietly(ReadResult result) {
        new Release(result).run();
    }

    /** Closes a read's result once; holds nothing of the answer, so the answer can be collected. */
    private static final class Release implements Runnable {
        private final AtomicReference<ReadResult> result;

        Release(ReadResult result) {
            this.result = new AtomicReference<>(result);
        }

        @Override
        public void run() {
            ReadResult r = result.getAndSet(null);
            if (r != null) {
                try {
                    r.close();
                } catch (RuntimeException e) {
                    log.warn("Releasing what a read held failed", e);
                }
            }
        }
    }

    /**
     * Whether every item is held in memory (nothing to open) and takes at most {@code most} bytes
     * on the wire: such an answer can be written once, whole, into a buffer.
     */
    boolean inMemoryWithin(long most) {
        long total = 0;
        for (ResourceContent content : contents) {
            if (ContentWriter.streamed(content.body())) {
                return false;
            }
            try {
                long length = ContentMeter.length(content.body(), most - total, false);
                if (length == ContentMeter.OVER) {
                    return false;
                }
                total += length;
            } catch (IOException e) {
                return false; // content in memory is not read; nothing fails here
            }
        }
        return true;
    }

    /**
     * The most bytes this result can take as written, in any wire format, when every item is held
     * in memory; -1 when one is streamed (its bytes are known only once read). A text counts each
     * character at its longest escape, a resource its {@link PageBudget#most}; the rest (the
     * array, each item's field name and quotes, the result's tail with the server's name) gets
     * room to spare. Where the client caps a message's size, an answer whose most fits is written
     * straight to it instead of into a buffer first ({@link MessageCap}).
     */
    long inMemoryMost() {
        // {"contents":[ ] } and the tail: resultType, ttlMs (a long), cacheScope, and
        // _meta's serverInfo with its name, version and title.
        long most = 320;
        Implementation info = context.serverInfo();
        if (info != null) {
            most += PageBudget.mostChars(info.name())
                    + PageBudget.mostChars(info.version())
                    + PageBudget.mostOptional(info.title());
        }
        for (ResourceContent content : contents) {
            // The item's braces are in the resource's most; "text":"" or "blob":"" and a comma here.
            most += 32 + PageBudget.most(content.resource());
            ContentBody body = content.body();
            // An if chain, not a pattern switch: a session's first requests make no class at run time
            // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
            if (body instanceof ContentBody.Text t) {
                most += PageBudget.mostChars(t.text());
            } else if (body instanceof ContentBody.Utf8Text u) {
                most += ContentMeter.most(u);
            } else if (body instanceof ContentBody.Bytes b) {
                most += ContentMeter.base64Length(b.data().length);
            } else {
                return -1;
            }
        }
        return most;
    }

    /** The least the items take on the wire (in memory: a text's characters, a blob's base64). */
    int inMemoryLowerBound() {
        long total = 0;
        for (ResourceContent content : contents) {
            ContentBody body = content.body(); // not a pattern switch, as in most
            if (body instanceof ContentBody.Text t) {
                total += t.text().length();
            } else if (body instanceof ContentBody.Utf8Text u) {
                total += u.utf8().length; // each byte one written at least: a malformed sequence is U+FFFD's three
            } else if (body instanceof ContentBody.Bytes b) {
                total += ContentMeter.base64Length(b.data().length);
            }
        }
        return (int) Math.min(total, Integer.MAX_VALUE - 8);
    }

    /** The URI the client asked for. */
    String uri() {
        return uri;
    }

    @Override
    public JsonRpcError open() {
        int index = firstStreamed();
        if (index < 0) {
            return null;
        }
        try {
            if (!context.budget().acquire(context.streamWait())) {
                return busy();
            }
            holdsPlace = true;
            first = ContentWriter.open(contents.get(index).body());
            return null;
        } catch (NoSuchFileException | FileNotFoundException e) {
            // Gone between the provider's answer and the first byte: that is "not found", not a failure.
            return error(
                    new ResourceNotFoundException(contents.get(index).resource().uri()));
        } catch (McpException | ProviderException e) {
            return error(e); // the provider said what is wrong (not found, too large)
        } catch (IOException | RuntimeException e) {
            return error(new IllegalStateException("could not open content: " + e.getMessage(), e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return busy();
        }
    }

    @Override
    public void writeTo(JsonGenerator g) throws IOException {
        write(g, false);
    }

    @Override
    public void close() {
        Closeable stream = first;
        first = null;
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException e) {
                // Written or abandoned already; nothing to tell anyone.
            }
        }
        if (holdsPlace) {
            holdsPlace = false;
            context.budget().release();
        }
        release();
    }

    /**
     * The size of the whole response message with this id if it is at most {@code budget}, else
     * {@link ContentMeter#OVER}; not exact (an upper bound) unless asked, see {@link ContentMeter}.
     * A stream it must read to measure takes a place in the budget while it is read.
     */
    long measure(RequestId id, long budget, boolean exact) throws IOException, InterruptedException {
        long total = skeletonSize(id);
        boolean placeTaken = false;
        try {
            for (ResourceContent content : contents) {
                if (total > budget) {
                    return ContentMeter.OVER;
                }
                if (!placeTaken && ContentMeter.needsPass(content.body(), budget - total, exact)) {
                    if (!context.budget().acquire(context.streamWait())) {
                        throw new McpException(busy());
                    }
                    placeTaken = true;
                }
                long length = ContentMeter.length(content.body(), budget - total, exact);
                if (length == ContentMeter.OVER) {
                    return ContentMeter.OVER;
                }
                total += length;
            }
        } finally {
            if (placeTaken) {
                context.budget().release();
            }
        }
        return total > budget ? ContentMeter.OVER : total;
    }

    /** A size in bytes, exact or a lower bound. */
    record Estimate(long bytes, boolean exact) {}

    /**
     * The message's size without reading any stream: exact when every item's length is known
     * without reading (held in memory, or a blob of known size), else a lower bound.
     */
    Estimate estimate(RequestId id) {
        long total;
        try {
            total = skeletonSize(id);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // nothing is read: the skeleton has no content
        }
        boolean exact = true;
        for (ResourceContent content : contents) {
            total += ContentMeter.lowerBound(content.body());
            exact &= ContentMeter.knownWithoutReading(content.body());
        }
        return new Estimate(total, exact);
    }

    /** The message with every text and blob empty (their quotes included), in bytes. */
    private long skeletonSize(RequestId id) throws IOException {
        ContentMeter.Counting skeleton = new ContentMeter.Counting(Long.MAX_VALUE);
        JsonRpcCodec.standard().write(new JsonRpcResult(id, out -> write(out, true)), skeleton);
        return skeleton.count;
    }

    /** Writes the result; as a skeleton (every text and blob empty) for measuring. */
    private void write(JsonGenerator g, boolean skeleton) throws IOException {
        int firstIndex = first == null ? -1 : firstStreamed();
        g.writeStartObject();
        g.writeFieldName(WireNames.CONTENTS);
        g.writeStartArray();
        for (int i = 0; i < contents.size(); i++) {
            ResourceContent item = contents.get(i);
            if (skeleton) {
                writeEmpty(g, item);
                continue;
            }
            Closeable opened = i == firstIndex ? first : null;
            if (opened != null) {
                first = null; // the writer closes it
            }
            ContentWriter.write(g, context.wire(), item, opened, context.maxReadBytes(), context.contentWriteBytes());
        }
        g.writeEndArray();
        context.wire().writeResultTail(g, hint, context.serverInfo(), null);
        g.writeEndObject();
    }

    private void writeEmpty(JsonGenerator g, ResourceContent item) throws IOException {
        g.writeStartObject();
        context.wire().writeContentsHeader(g, item.resource(), item.body().size());
        g.writeStringField(item.body().isText() ? "text" : "blob", "");
        g.writeEndObject();
    }

    private int firstStreamed() {
        for (int i = 0; i < contents.size(); i++) {
            if (ContentWriter.streamed(contents.get(i).body())) {
                return i;
            }
        }
        return -1;
    }

    private JsonRpcError busy() {
        return Errors.serverBusy(context.budget().size() + " reads are sending content already, the most this"
                + " server streams at once, and none finished within "
                + context.streamWait().toMillis()
                + " ms; try again");
    }

    private JsonRpcError error(Exception e) {
        return ErrorMapper.toError(e, context.wire(), McpMethod.RESOURCES_READ.wire());
    }
}
