package dev.reservoir.server.spi;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * Supplies the resources of one part of the URI space (SPI v2). Implementations are thread-safe and
 * may block: the server calls them on virtual threads, one per request, with a deadline. A
 * provider that throws costs that one request an error, never the server: a
 * {@link ResourceNotFoundException} for what does not exist, a {@link ProviderException} whose
 * message the client may see for the rest; anything else is "Internal error" (and a log entry).
 *
 * <p>The server routes each URI by what the provider declares: the URIs its {@link #templates()}
 * match (with the matched variables in the request), then its {@link #space()}. URIs reach a
 * provider only after the server checked them (RFC 3986, length, and the values of the template
 * that matched as that template asks). Every call carries a {@link CallContext}: the request's
 * deadline, a cancellation callback, and the client's revision and capabilities.
 *
 * <p>Life: the provider is built (by its builder or a {@link ResourceProviderFactory}), then
 * {@link #start()} once when the server is built, then calls, then {@link #close()} once.
 */
public interface ResourceProvider extends AutoCloseable {

    /** The URIs this provider answers for; the server refuses two providers whose prefixes overlap. */
    UriSpace space();

    /**
     * One page of resources, in a stable order. The cursor in the request is the one this provider
     * returned for the previous page (the server signs it before a client sees it), so a provider
     * can use a position such as the last key it returned: pages then neither repeat nor skip
     * entries while the set changes between pages.
     *
     * <p>When {@link ListRequest#parent()} is set (SEP-2093), list the direct children of that
     * collection (their URIs need not start with the parent's); throw
     * {@link ResourceNotFoundException} if it does not exist, and return an empty last page when it
     * is not a collection (the server then asks {@link #metadata} and tells the client so).
     */
    Page<Resource> list(ListRequest request);

    /** The metadata of one resource, without its content; empty when this provider does not have it. */
    Optional<Metadata> metadata(ResourceRequest request);

    /**
     * Reads one resource. For a leaf, every content item has the requested URI (several items are
     * alternative formats, which clients without SEP-2093 may ignore: {@link CallContext#sep2093()});
     * for a collection, items may be children, within {@link ReadOptions}. Throws
     * {@link ResourceNotFoundException} when the resource does not exist.
     *
     * <p>Streamed content is opened when the answer is written, perhaps more than once (over stdio
     * it is measured first), and closed by the server. The server enforces the read limit: a
     * content of known size over {@link ReadOptions#maxReadBytes()} is refused before anything is
     * sent, and a stream of unknown size that yields more breaks its answer (over stdio the client
     * is told with error -31000 before anything is sent, since answers are measured there). A
     * provider that can cut its content cleanly (whole rows) uses the limit to do so. What the
     * read holds while its contents stream goes in {@link ReadResult#holding}.
     */
    ReadResult read(ReadRequest request);

    /**
     * Whether {@link #read} of this URI answers at once: from memory (text or bytes, not a stream,
     * small enough to send in one piece: well under a megabyte), without I/O and without waiting
     * on a lock held for long; or throws at once. An HTTP server may then run the read on the web
     * server's own I/O thread instead of handing it to a thread of its own, which takes about a
     * third of the CPU of a small read off. A provider that says true and then blocks stalls every
     * connection that thread serves, so the default is false; say true only for what is held in
     * memory. Asked for every read, so it must be quick.
     */
    default boolean readsFromMemory(String uri) {
        return false;
    }

    /** Templates for resources this provider can read; the server routes matching URIs here, with the match. */
    default List<ProviderTemplate> templates() {
        return List.of();
    }

    /** Completion values for an argument of one of this provider's templates. */
    default Completion complete(CompletionRequest request) {
        return Completion.EMPTY;
    }

    /**
     * Starts watching one resource for changes; the server calls this when a client first
     * subscribes to the URI and closes the watch when the last one leaves.
     */
    default Watch watch(URI uri, ChangeListener listener) {
        return Watch.NONE;
    }

    /** Starts watching this provider's list of resources; called once, after {@link #start()}. */
    default Watch watchList(ChangeListener listener) {
        return Watch.NONE;
    }

    /**
     * Called once when the server is built, before any other call: connect, take a baseline of what
     * is there. A failure fails building the server with its message, as a provider that cannot be
     * created does (the server closes the providers started before it).
     */
    default void start() {}

    /** Releases everything (the server calls it once, when it closes); also after a failed start. */
    @Override
    default void close() {}
}
