package dev.reservoir.server.internal;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.protocol.Cancellation;
import dev.reservoir.server.internal.rpc.IdentityKey;
import dev.reservoir.server.internal.rpc.InFlight;
import dev.reservoir.server.internal.rpc.RpcConnection;
import dev.reservoir.server.transport.ConnectionInfo;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One connection, as a transport sees it: the JSON-RPC engine ({@link RpcConnection}) feeding the
 * connection's {@link Dispatcher}, which answers for its MCP {@link Session}.
 */
final class ConnectionImpl extends IdentityKey implements ServerConnection {

    private final ServerImpl server;
    private final Session session;
    private final RpcConnection rpc;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** @param info what the transport knows; its client names the client, or null for a client of its own */
    ConnectionImpl(ServerImpl server, MessageSink notifications, ConnectionInfo info) {
        ServerSettings settings = server.settings();
        this.server = server;
        this.session = new Session(settings, server.hub(), server.budget(), notifications, info.client());
        Dispatcher dispatcher = new Dispatcher(server.methods(), settings, session, info);
        this.rpc = new RpcConnection(
                dispatcher,
                new RpcConnection.Limits(settings.maxConcurrentRequests(), settings.maxBatchLength()),
                server.deadlines(),
                server.messageCap(),
                server::draining);
    }

    @Override
    public boolean initialized() {
        return session.initialized();
    }

    @Override
    public boolean answersAtOnce(Decoded frame) {
        return rpc.answersAtOnce(frame);
    }

    @Override
    public void receive(Decoded frame, MessageSink replies) {
        rpc.receive(frame, replies);
    }

    @Override
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return rpc.awaitIdle(timeout);
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return; // closed already, or being closed by another thread
        }
        for (InFlight stream : rpc.close()) {
            // On a shared channel (stdio) the server ends a listen stream with notifications/cancelled.
            RpcConnection.sendQuietly(stream.replies(), Cancellation.notification(stream.id(), "server shutting down"));
        }
        session.close();
        server.forget(this);
    }
}
