package dev.reservoir.server.spi;

/** Suggests values for a template variable ({@code completion/complete}). Thread-safe; may block. */
@FunctionalInterface
public interface ArgumentCompleter {
    Completion complete(CompletionRequest request);
}
