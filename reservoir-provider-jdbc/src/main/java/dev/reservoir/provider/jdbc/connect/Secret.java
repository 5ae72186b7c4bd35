package dev.reservoir.provider.jdbc.connect;

import java.util.Objects;

/** A password: it prints as "****" so that it cannot reach a log or a message by accident. */
public final class Secret {

    private final String value;

    private Secret(String value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    public static Secret of(String value) {
        return new Secret(value);
    }

    /** The password itself; only for handing to the driver. */
    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return "****";
    }
}
