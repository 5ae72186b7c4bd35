package dev.reservoir.provider.git;

/**
 * Limits for one read.
 *
 * @param maxCollectionItems at most this many children in a folder's read
 * @param maxCollectionBytes at most about this many content bytes in a folder's read
 * @param maxReadBytes the largest single content to send
 */
record Limits(int maxCollectionItems, long maxCollectionBytes, long maxReadBytes) {}
