package dev.reservoir.core.uri;

/**
 * Thrown when a URI template does not follow RFC 6570 or cannot be expanded with the given values; the
 * message names the problem and its index in the template.
 */
public final class UriTemplateException extends IllegalArgumentException {

    private final int index;

    /** Creates an exception for a problem at {@code index} in the template ({@code -1} if none applies). */
    public UriTemplateException(String message, int index) {
        super(message);
        this.index = index;
    }

    /** The index in the template where the problem was found, or {@code -1}. */
    public int index() {
        return index;
    }
}
