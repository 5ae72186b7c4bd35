package dev.reservoir.core.model;

/** Who a resource is meant for. */
public enum Role {
    USER("user"),
    ASSISTANT("assistant");

    private final String wire;

    Role(String wire) {
        this.wire = wire;
    }

    /** The value on the wire. */
    public String wire() {
        return wire;
    }

    /** Parses a wire value; throws IllegalArgumentException for anything but "user" or "assistant". */
    public static Role fromWire(String value) {
        for (Role role : values()) {
            if (role.wire.equals(value)) {
                return role;
            }
        }
        throw new IllegalArgumentException("audience must be \"user\" or \"assistant\", not \"" + value + "\"");
    }
}
