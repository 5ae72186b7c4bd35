package dev.reservoir.provider.jdbc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.TestClient;
import java.time.Duration;

/**
 * A provider behind a real server, with a client that checks every message against the schema
 * (2025-11-25 with SEP-2093): what the server tests read, list and subscribe through.
 */
final class Served implements AutoCloseable {

    private final McpServer server;
    private final TestClient client;

    private Served(McpServer server) {
        this.server = server;
        this.client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true);
    }

    static Served of(JdbcProvider provider) {
        return of(provider, Duration.ofSeconds(30));
    }

    static Served of(JdbcProvider provider, Duration requestTimeout) {
        return new Served(McpServer.builder()
                .provider(provider)
                .requestTimeout(requestTimeout)
                .build());
    }

    TestClient client() {
        return client;
    }

    /** The contents of a read that must succeed. */
    JsonNode read(String uri) {
        return client.result(
                        McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uri))
                .get("contents");
    }

    /** The error of a read that must fail. */
    JsonNode error(String uri) {
        return client.error(
                McpMethod.RESOURCES_READ.wire(), TestClient.json("{}").put("uri", uri));
    }

    void subscribe(String uri) {
        client.result(
                McpMethod.RESOURCES_SUBSCRIBE.wire(), TestClient.json("{}").put("uri", uri));
    }

    /** The URI of the next resources/updated notification (other notifications are skipped). */
    String updated(Duration wait) {
        return client.awaitNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, wait)
                .get("params")
                .get("uri")
                .asText();
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            server.close();
        }
    }
}
