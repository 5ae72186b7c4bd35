package dev.reservoir.core.uri;

/**
 * How {@link UriTemplate#match} decodes and vets the values of a template's variables. Whatever the
 * check, a match keeps every value's raw (still percent-encoded) form as well.
 */
public enum ValueCheck {

    /**
     * Values are percent-decoded as UTF-8 and refused when they could climb or smuggle as a path: a
     * {@code .} or {@code ..} segment, NUL and other control characters, bidirectional overrides, and
     * an encoded {@code /} or {@code \} outside a reserved ({@code {+var}}) expansion. The default.
     */
    PATH,

    /**
     * Values are percent-decoded as UTF-8 (invalid UTF-8 is still refused) and otherwise taken as
     * they are: for names and values that never become paths (a table named {@code a/b}).
     */
    NONE,

    /**
     * Values are refused as with {@link #PATH}, but need not be UTF-8: the checks apply to the
     * decoded bytes, and a value whose bytes are not UTF-8 has no decoded text, only its raw and
     * byte forms ({@link UriTemplateMatch#raw}, {@link UriTemplateMatch#bytes}). For names that are
     * bytes, such as the paths of a git repository.
     */
    PATH_BYTES
}
