package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One change reaches every subscriber as one notification object (per wire format): a transport
 * can then encode it once for ten thousand subscribers instead of once each.
 */
class SharedUpdateTest {

    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();

    /** A queuing sink (as an HTTP stream is) that keeps what it is given. */
    private static final class Recorder implements MessageSink {
        final BlockingQueue<JsonRpcMessage> messages = new LinkedBlockingQueue<>();

        @Override
        public void send(JsonRpcMessage message) {
            messages.add(message);
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> batch) {
            messages.addAll(batch);
        }

        @Override
        public boolean queues() {
            return true;
        }

        JsonRpcMessage next() throws InterruptedException {
            JsonRpcMessage m = messages.poll(5, TimeUnit.SECONDS);
            assertThat(m).as("a message within 5 s").isNotNull();
            return m;
        }
    }

    private static void send(ServerConnection connection, MessageSink replies, String json) {
        connection.receive(CODEC.decode(json.getBytes(StandardCharsets.UTF_8)), replies);
    }

    /** A session-era connection subscribed to mem://a; returns its notification sink. */
    private static Recorder subscribed(McpServer server, List<ServerConnection> open) throws Exception {
        Recorder notifications = new Recorder();
        Recorder replies = new Recorder();
        ServerConnection c = server.connect(notifications);
        open.add(c);
        send(
                c,
                replies,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                        + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        assertThat(replies.next()).isInstanceOf(JsonRpcResult.class);
        send(c, replies, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(
                c,
                replies,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/subscribe\","
                        + "\"params\":{\"uri\":\"mem://a\"}}");
        assertThat(replies.next()).isInstanceOf(JsonRpcResult.class);
        return notifications;
    }

    @Test
    void everySessionGetsTheSameNotificationObjectForOneChange() throws Exception {
        List<ServerConnection> open = new ArrayList<>();
        try (McpServer server = McpServer.builder()
                .resource(Resource.builder("mem://a", "a").build(), "text")
                .build()) {
            Recorder first = subscribed(server, open);
            Recorder second = subscribed(server, open);
            server.resourceUpdated("mem://a");
            JsonRpcMessage one = first.next();
            JsonRpcMessage other = second.next();
            assertThat(one).isInstanceOf(JsonRpcNotification.class);
            assertThat(((JsonRpcNotification) one).method()).isEqualTo("notifications/resources/updated");
            assertThat(((JsonRpcNotification) one).params().get("uri").asText()).isEqualTo("mem://a");
            assertThat(other).as("the same object, made once for the change").isSameAs(one);
            server.resourceUpdated("mem://a");
            assertThat(first.next()).as("a new change, a new notification").isNotSameAs(one);
            open.forEach(ServerConnection::close);
        }
    }
}
