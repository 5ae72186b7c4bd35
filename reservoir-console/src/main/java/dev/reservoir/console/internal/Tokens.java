package dev.reservoir.console.internal;

/**
 * A token estimate for a model's context: about four bytes of English text or code per token (the
 * usual rule of thumb for BPE tokenizers; real counts vary by model and content).
 */
final class Tokens {

    static final int BYTES_PER_TOKEN = 4;

    private Tokens() {}

    static long estimate(long bytes) {
        return (bytes + BYTES_PER_TOKEN - 1) / BYTES_PER_TOKEN;
    }
}
