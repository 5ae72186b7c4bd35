package dev.reservoir.core.uri;

/**
 * Thrown when a string is not a valid absolute URI or not a valid percent-encoded UTF-8 string; the
 * message names the problem and its index and quotes at most 200 characters of the input.
 */
public final class InvalidUriException extends IllegalArgumentException {

    private final int index;

    /** Creates an exception for a problem at {@code index} ({@code -1} when no single index applies). */
    public InvalidUriException(String message, int index) {
        super(message);
        this.index = index;
    }

    /** The index in the input where the problem was found, or {@code -1} when it concerns the whole input. */
    public int index() {
        return index;
    }
}
