package dev.reservoir.core.uri;

/** The expression operators of RFC 6570 with the columns of its expansion table (appendix A). */
enum Operator {
    SIMPLE('\0', "", ",", false, "", false),
    RESERVED('+', "", ",", false, "", true),
    FRAGMENT('#', "#", ",", false, "", true),
    LABEL('.', ".", ".", false, "", false),
    PATH('/', "/", "/", false, "", false),
    PATH_PARAMETER(';', ";", ";", true, "", false),
    QUERY('?', "?", "&", true, "=", false),
    QUERY_CONTINUATION('&', "&", "&", true, "=", false);

    final char symbol;
    final String first;
    final String separator;
    final boolean named;
    final String ifEmpty;
    final boolean allowsReserved;

    Operator(char symbol, String first, String separator, boolean named, String ifEmpty, boolean allowsReserved) {
        this.symbol = symbol;
        this.first = first;
        this.separator = separator;
        this.named = named;
        this.ifEmpty = ifEmpty;
        this.allowsReserved = allowsReserved;
    }

    /** The operator written as {@code c} right after '{', or null if {@code c} is not an operator. */
    static Operator of(char c) {
        for (Operator op : values()) {
            if (op != SIMPLE && op.symbol == c) {
                return op;
            }
        }
        return null;
    }

    /** Whether this operator's expansion is the query form ({@code ?} or {@code &}). */
    boolean isQuery() {
        return this == QUERY || this == QUERY_CONTINUATION;
    }
}
