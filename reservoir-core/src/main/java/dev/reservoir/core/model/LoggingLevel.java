package dev.reservoir.core.model;

/** Severity of a log message sent to a client (RFC 5424 levels, least severe first). */
public enum LoggingLevel {
    DEBUG("debug"),
    INFO("info"),
    NOTICE("notice"),
    WARNING("warning"),
    ERROR("error"),
    CRITICAL("critical"),
    ALERT("alert"),
    EMERGENCY("emergency");

    private final String wire;

    LoggingLevel(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** Whether a message at this level passes a threshold (it is at least as severe). */
    public boolean atLeast(LoggingLevel threshold) {
        return compareTo(threshold) >= 0;
    }

    /** Parses a wire value, or returns null for anything unknown. */
    public static LoggingLevel fromWire(String value) {
        for (LoggingLevel level : values()) {
            if (level.wire.equals(value)) {
                return level;
            }
        }
        return null;
    }
}
