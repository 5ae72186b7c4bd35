package dev.reservoir.core.model;

/** Who may cache a result (2026-07-28), like HTTP's Cache-Control public and private. */
public enum CacheScope {
    /** No user-specific data: any client or shared intermediary may cache it. */
    PUBLIC("public"),
    /** Reusable only within the same authorization context. */
    PRIVATE("private");

    private final String wire;

    CacheScope(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** Parses a wire value, or returns null for anything unknown. */
    public static CacheScope fromWire(String value) {
        for (CacheScope scope : values()) {
            if (scope.wire.equals(value)) {
                return scope;
            }
        }
        return null;
    }
}
