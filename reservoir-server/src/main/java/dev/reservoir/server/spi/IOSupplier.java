package dev.reservoir.server.spi;

import java.io.IOException;

/** Supplies a value and may fail with an IOException (opening a stream, typically). */
@FunctionalInterface
public interface IOSupplier<T> {
    T get() throws IOException;
}
