package dev.reservoir.server;

import dev.reservoir.server.bus.BusStatus;
import java.util.Objects;

/**
 * What a server says of itself to health checks.
 *
 * @param replicaId this replica's name
 * @param draining whether it stopped taking requests (it is shutting down)
 * @param bus how its notification bus is doing
 */
public record ServerStatus(String replicaId, boolean draining, BusStatus bus) {

    public ServerStatus {
        Objects.requireNonNull(replicaId, "replicaId");
        Objects.requireNonNull(bus, "bus");
    }
}
