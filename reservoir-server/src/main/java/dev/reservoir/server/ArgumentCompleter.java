package dev.reservoir.server;

import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;

/** Suggests values for a template variable ({@code completion/complete}). Thread-safe; may block. */
@FunctionalInterface
public interface ArgumentCompleter {
    Completion complete(CompletionRequest request);
}
