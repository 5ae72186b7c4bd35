package dev.reservoir.provider.jdbc.sql;

/**
 * What database work can fail with, in words fit for a client: messages never hold SQL text,
 * credentials or the driver's own message (that goes to the log).
 */
public abstract sealed class DbException extends RuntimeException {

    private DbException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Nothing of that name exists (or it lies outside the configured schemas). */
    public static final class NotFound extends DbException {
        private final String what;

        public NotFound(String what) {
            super(what + " does not exist", null);
            this.what = what;
        }

        /** What was asked for (a URI or a name). */
        public String what() {
            return what;
        }
    }

    /** The request itself is wrong (a malformed URI, an unknown parameter, a value of the wrong type). */
    public static final class BadRequest extends DbException {
        public BadRequest(String message) {
            super(message, null);
        }

        public BadRequest(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The database failed or refused the work; the message says why without quoting it. */
    public static final class Failed extends DbException {
        public Failed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The work was cancelled (by the client, or because it took longer than allowed). */
    public static final class Cancelled extends DbException {
        public Cancelled(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
