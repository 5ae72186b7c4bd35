package dev.reservoir.client;

import dev.reservoir.client.common.McpClientException;

/**
 * A read's content is not as long as the server said it is: the {@code size} the server announced
 * for the item (SEP-2093 metadata on read) differs from the bytes that arrived (text counted in
 * UTF-8, a blob decoded). The content is incomplete or changed, so the client refuses it rather
 * than hand it on.
 */
public final class SizeMismatchException extends McpClientException {

    private final String uri;
    private final long announced;
    private final long received;

    public SizeMismatchException(String uri, long announced, long received) {
        super(uri + ": the server announced " + announced + " bytes but sent " + received);
        this.uri = uri;
        this.announced = announced;
        this.received = received;
    }

    /** Fails, and releases the result's temporary files, when an item's length differs from its announced size. */
    static void check(ReadResourceResult result) {
        for (ResourceContents item : result.contents()) {
            Long size = item.resource().size();
            if (size != null && size != item.byteSize()) {
                result.close();
                throw new SizeMismatchException(item.uri(), size, item.byteSize());
            }
        }
    }

    /** The resource read. */
    public String uri() {
        return uri;
    }

    /** The size the server announced, in bytes. */
    public long announced() {
        return announced;
    }

    /** The bytes that arrived. */
    public long received() {
        return received;
    }
}
