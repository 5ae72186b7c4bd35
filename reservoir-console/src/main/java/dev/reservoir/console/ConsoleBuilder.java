package dev.reservoir.console;

import dev.reservoir.client.McpClient;
import dev.reservoir.console.internal.ConsoleServer;
import dev.reservoir.console.internal.Settings;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;
import java.util.function.Supplier;

/** Configures and starts a {@link Console}. Not thread-safe. */
public final class ConsoleBuilder {

    private String target;
    private Supplier<McpClient> connector;
    private int port;
    private String token;
    private Duration healthEvery = Duration.ofSeconds(5);

    ConsoleBuilder() {}

    /**
     * The server to show, fixed for the console's life.
     *
     * @param description how people name it (shown on the page), e.g. {@code stdio:./reservoir serve --demo}
     * @param connector connects to it; called again to reconnect after the server was lost
     */
    public ConsoleBuilder target(String description, Supplier<McpClient> connector) {
        this.target = Objects.requireNonNull(description, "description");
        this.connector = Objects.requireNonNull(connector, "connector");
        return this;
    }

    /** The port on 127.0.0.1 (default 0: any free port). */
    public ConsoleBuilder port(int value) {
        if (value < 0 || value > 65535) {
            throw new IllegalArgumentException("a port is between 0 and 65535, not " + value);
        }
        this.port = value;
        return this;
    }

    /** The token the URL carries (default: 32 random bytes). At least 16 characters. */
    public ConsoleBuilder token(String value) {
        if (value == null || value.length() < 16) {
            throw new IllegalArgumentException("a console token needs at least 16 characters");
        }
        this.token = value;
        return this;
    }

    /** How often the console checks a quiet server is still there ({@code ping}; default 5 s). */
    public ConsoleBuilder healthEvery(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the health check interval must be positive, not " + interval);
        }
        this.healthEvery = interval;
        return this;
    }

    /**
     * Connects to the server (once, now: a server that cannot be reached fails here with
     * {@link dev.reservoir.client.common.McpClientException}) and starts the console.
     *
     * @throws IOException when the port cannot be bound
     */
    public Console start() throws IOException {
        if (connector == null) {
            throw new IllegalStateException("name the server first: target(description, connector)");
        }
        String secret = token != null ? token : randomToken();
        return new Console(ConsoleServer.start(new Settings(target, connector, port, secret, healthEvery)));
    }

    private static String randomToken() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
