package dev.reservoir.transport.http.internal;

/**
 * Who sent a request, once the {@link Guard} let it in.
 *
 * @param principal the digest of its bearer token, or "" when the server requires none (sessions
 *     belong to the principal that opened them)
 * @param client whose budgets it spends (see {@link ClientIdentity})
 */
record Caller(String principal, String client) {}
