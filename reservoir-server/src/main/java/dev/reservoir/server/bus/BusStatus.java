package dev.reservoir.server.bus;

import java.util.Objects;

/**
 * How a notification bus is doing, for health endpoints and logs.
 *
 * @param kind the bus implementation ("in-process", "redis")
 * @param connected whether changes reach the other replicas now; when false, each replica still
 *     tells its own subscribers of the changes it detects itself
 * @param detail a sentence for people: where the bus is, and what went wrong when it is down
 */
public record BusStatus(String kind, boolean connected, String detail) {

    public BusStatus {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    /** The status of a bus that never leaves the process: always connected. */
    public static final BusStatus IN_PROCESS =
            new BusStatus("in-process", true, "changes reach the subscribers of this process only");
}
