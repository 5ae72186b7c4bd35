package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import dev.reservoir.server.transport.MessageSink;
import dev.reservoir.server.transport.ServerConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which frames a connection says it answers at once ({@link ServerConnection#answersAtOnce}): reads
 * whose provider reads them from memory, pings, and what is refused at once; and that such a read,
 * given on a thread that must not block, is answered on it before {@code receive} returns.
 */
class AnswersAtOnceTest {

    private static final JsonRpcCodec CODEC = JsonRpcCodec.standard();

    /** What a provider says of its reads. */
    private enum Says {
        /** From memory for "SCHEME://yes/...", not for the rest. */
        PREFIX,
        /** What the SPI's default says. */
        DEFAULT,
        /** Nothing: it throws. */
        THROWS
    }

    private static final class Provider implements ResourceProvider {
        private final String scheme;
        private final Says says;
        final List<Thread> readers = new ArrayList<>();

        Provider(String scheme, Says says) {
            this.scheme = scheme;
            this.says = says;
        }

        @Override
        public UriSpace space() {
            return UriSpace.of(UriPrefix.scheme(scheme));
        }

        @Override
        public Page<Resource> list(ListRequest request) {
            return Page.last(List.of());
        }

        @Override
        public Optional<Metadata> metadata(ResourceRequest request) {
            return Optional.empty();
        }

        @Override
        public ReadResult read(ReadRequest request) {
            readers.add(Thread.currentThread());
            return ReadResult.of(
                    Resource.builder(request.uriText(), "r")
                            .mimeType("text/plain")
                            .build(),
                    ContentBody.text("content of " + request.uriText()));
        }

        @Override
        public boolean readsFromMemory(String uri) {
            return switch (says) {
                case PREFIX -> uri.startsWith(scheme + "://yes/");
                case DEFAULT -> ResourceProvider.super.readsFromMemory(uri);
                case THROWS -> throw new IllegalStateException("a provider's bug");
            };
        }
    }

    private final Provider fast = new Provider("fast", Says.PREFIX);
    private final Provider broken = new Provider("broken", Says.DEFAULT);
    private final Provider throwing = new Provider("throwing", Says.THROWS);
    private McpServer server;
    private ServerConnection connection;
    private final List<JsonRpcMessage> sent = new ArrayList<>();

    @BeforeEach
    void start() {
        server = McpServer.builder()
                .resource(Resource.builder("mem://a", "a").build(), "text")
                .provider(fast)
                .provider(broken)
                .provider(throwing)
                .template(
                        ResourceTemplate.builder("tmpl://{x}", "t").build(),
                        request -> ReadResult.of(
                                Resource.builder(request.uri().toString(), "t").build(), ContentBody.text("t")))
                .build();
        connection = server.connect(new Sink(true));
    }

    @AfterEach
    void stop() {
        connection.close();
        server.close();
    }

    private static Decoded frame(String json) {
        return CODEC.decode(json.getBytes(StandardCharsets.UTF_8));
    }

    private static Decoded read(String uri) {
        return frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri
                + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
    }

    @Test
    void readsAProviderAnswersFromMemoryArePingsAndRefusalsAreAnsweredAtOnce() {
        assertThat(connection.answersAtOnce(read("fast://yes/1"))).isTrue();
        assertThat(connection.answersAtOnce(read("mem://a")))
                .as("the server's own in-memory text")
                .isTrue();
        assertThat(connection.answersAtOnce(read("nobody://here")))
                .as("not found, at once")
                .isTrue();
        assertThat(connection.answersAtOnce(read("not a uri")))
                .as("refused, at once")
                .isTrue();
        assertThat(connection.answersAtOnce(frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\"}")))
                .as("no params: refused at once")
                .isTrue();
        assertThat(connection.answersAtOnce(read("tmpl://..")))
                .as("a value the template refuses (a '..' segment): refused at once")
                .isTrue();
        assertThat(connection.answersAtOnce(frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}")))
                .isTrue();
    }

    @Test
    void everythingElseNeedsAThreadThatMayBlock() {
        assertThat(connection.answersAtOnce(read("fast://no/1")))
                .as("the provider does not say so")
                .isFalse();
        assertThat(connection.answersAtOnce(read("broken://yes/1")))
                .as("a provider that keeps the default")
                .isFalse();
        assertThat(connection.answersAtOnce(read("throwing://yes/1")))
                .as("a provider that fails to say")
                .isFalse();
        assertThat(connection.answersAtOnce(read("tmpl://q")))
                .as("a template handler")
                .isFalse();
        assertThat(connection.answersAtOnce(
                        frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\",\"params\":{}}")))
                .isFalse();
        assertThat(
                        connection.answersAtOnce(
                                frame(
                                        "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}]")))
                .as("a batch")
                .isFalse();
        assertThat(connection.answersAtOnce(frame("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")))
                .isFalse();
    }

    @Test
    void aReadAnsweredAtOnceRunsOnTheCallersThreadAndIsAnsweredBeforeReceiveReturns() {
        Sink io = new Sink(false);
        connection.receive(read("fast://yes/7"), io);
        assertThat(fast.readers).containsExactly(Thread.currentThread());
        assertThat(sent).singleElement().isInstanceOf(JsonRpcResult.class);
        assertThat(new String(CODEC.encode(sent.getFirst()), StandardCharsets.UTF_8))
                .contains("content of fast://yes/7");
        assertThat(io.finished).isTrue();
    }

    @Test
    void aUriATemplateRefusesIsAnsweredWithTheErrorThatSaysWhy() {
        Sink io = new Sink(false);
        connection.receive(read("tmpl://.."), io);
        assertThat(new String(CODEC.encode(sent.getFirst()), StandardCharsets.UTF_8))
                .contains("\"code\":-32602")
                .contains("'..' path segment");
        assertThat(io.finished).isTrue();
    }

    private final class Sink implements MessageSink {
        private final boolean mayBlock;
        boolean finished;

        Sink(boolean mayBlock) {
            this.mayBlock = mayBlock;
        }

        @Override
        public void send(JsonRpcMessage message) {
            sent.add(message);
        }

        @Override
        public void sendBatch(List<? extends JsonRpcMessage> messages) {
            sent.addAll(messages);
        }

        @Override
        public void finish() {
            finished = true;
        }

        @Override
        public boolean callerRunsRequests() {
            return true;
        }

        @Override
        public boolean callerMayBlock() {
            return mayBlock;
        }
    }
}
