package dev.reservoir.cli;

/** A file or folder on this machine cannot be used as asked (a usage error, exit 2): the message says why. */
final class LocalFileException extends RuntimeException {
    LocalFileException(String message) {
        super(message);
    }
}
