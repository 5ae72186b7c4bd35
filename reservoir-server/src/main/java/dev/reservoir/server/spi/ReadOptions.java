package dev.reservoir.server.spi;

/**
 * Limits for one read.
 *
 * @param maxCollectionItems at most this many children in a collection read
 * @param maxCollectionBytes at most about this many content bytes in a collection read
 * @param maxReadBytes the largest single content the server will send, or Long.MAX_VALUE
 */
public record ReadOptions(int maxCollectionItems, long maxCollectionBytes, long maxReadBytes) {
    public static final ReadOptions DEFAULT = new ReadOptions(50, 1 << 20, Long.MAX_VALUE);
}
