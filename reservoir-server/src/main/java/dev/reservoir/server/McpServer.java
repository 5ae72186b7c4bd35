package dev.reservoir.server;

import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.util.Set;

/**
 * An MCP server for resources, speaking every supported protocol revision at once: the stateful
 * era (initialize, sessions, resources/subscribe) and the stateless one (per-request _meta,
 * server/discover, subscriptions/listen). Build one with {@link #builder()}; it is immutable once
 * built and thread-safe. Handlers and providers run on virtual threads.
 *
 * <pre>{@code
 * McpServer server = McpServer.builder()
 *         .serverInfo("docs", "1.2.0")
 *         .provider(myProvider)
 *         .build();
 * server.serve(StdioTransport.ofSystemStreams());
 * }</pre>
 */
public interface McpServer extends AutoCloseable {

    static McpServerBuilder builder() {
        return new McpServerBuilder();
    }

    /**
     * Opens a connection for a transport.
     *
     * @param notifications where notifications that belong to no request go (the session era's
     *     {@code notifications/resources/updated} and {@code list_changed})
     */
    ServerConnection connect(MessageSink notifications);

    /**
     * Opens a connection on behalf of a named client: every connection with the same name shares
     * that client's subscription budget (see {@link McpServerBuilder#subscriptionBudget}). A
     * transport names the client it can tell apart, such as a bearer token's identity or a remote
     * address; {@link #connect(MessageSink)} makes each connection a client of its own.
     */
    default ServerConnection connect(MessageSink notifications, String client) {
        return connect(
                notifications,
                new dev.reservoir.server.transport.ConnectionInfo(
                        null, null, java.util.Objects.requireNonNull(client, "client")));
    }

    /**
     * Opens a connection for a transport that says what it is ({@link dev.reservoir.server.spi.RequestObserver}s see it) and,
     * when {@link dev.reservoir.server.transport.ConnectionInfo#client()} is set, which client it is.
     */
    ServerConnection connect(MessageSink notifications, dev.reservoir.server.transport.ConnectionInfo info);

    /** Serves through a transport until it ends. */
    default void serve(Transport transport) throws Exception {
        transport.serve(this);
    }

    /** Tells subscribers that a resource changed (for resources that no provider watches). */
    void resourceUpdated(String uri);

    /** Tells clients that the list of resources changed. */
    void resourceListChanged();

    /** The server's name and version. */
    Implementation serverInfo();

    /** The protocol revisions this server speaks. */
    Set<ProtocolRevision> revisions();

    /** Its replica name, whether it is draining, and how its notification bus is doing. */
    ServerStatus status();

    /**
     * Stops taking requests and lets the answers in progress finish: from now on a new request on
     * any connection gets an error saying the server is shutting down; this waits at most
     * {@code grace} for the answers being made (listen streams aside). True if they all finished.
     * {@link #close()} still has to be called.
     */
    boolean drain(java.time.Duration grace) throws InterruptedException;

    /** Ends every connection and subscription and closes the providers. */
    @Override
    void close();
}
