package dev.reservoir.server;

import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.internal.ServerImpl;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.time.Duration;
import java.util.Set;

/**
 * The {@link McpServer} that {@link McpServerBuilder#build()} returns: the API in front of the
 * engine. The engine ({@code internal}) knows nothing of this package, so the dependency goes one
 * way only.
 */
final class BuiltServer implements McpServer {

    private final ServerImpl engine;
    private final String replicaId;

    BuiltServer(ServerImpl engine, String replicaId) {
        this.engine = engine;
        this.replicaId = replicaId;
    }

    @Override
    public ServerConnection connect(MessageSink notifications) {
        return engine.connect(notifications);
    }

    @Override
    public ServerConnection connect(MessageSink notifications, ConnectionInfo info) {
        return engine.connect(notifications, info);
    }

    @Override
    public void resourceUpdated(String uri) {
        engine.resourceUpdated(uri);
    }

    @Override
    public void resourceListChanged() {
        engine.resourceListChanged();
    }

    @Override
    public Implementation serverInfo() {
        return engine.serverInfo();
    }

    @Override
    public Set<ProtocolRevision> revisions() {
        return engine.revisions();
    }

    @Override
    public ServerStatus status() {
        return new ServerStatus(replicaId, engine.draining(), engine.busStatus());
    }

    @Override
    public boolean drain(Duration grace) throws InterruptedException {
        return engine.drain(grace);
    }

    @Override
    public void close() {
        engine.close();
    }
}
