package dev.reservoir.console.internal;

import dev.reservoir.client.McpClient;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * What a console is started with. Immutable.
 *
 * @param target how people name the server (shown on the page)
 * @param connector connects to the server, again after it was lost
 * @param port the port on 127.0.0.1, 0 for any
 * @param token the secret every request carries
 * @param healthEvery how often a quiet server is pinged
 */
public record Settings(String target, Supplier<McpClient> connector, int port, String token, Duration healthEvery) {}
