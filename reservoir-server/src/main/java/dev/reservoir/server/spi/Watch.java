package dev.reservoir.server.spi;

/** A running watch; closing it stops the notifications. Closing twice is harmless. */
@FunctionalInterface
public interface Watch extends AutoCloseable {

    /** A watch that watches nothing. */
    Watch NONE = () -> {};

    @Override
    void close();
}
