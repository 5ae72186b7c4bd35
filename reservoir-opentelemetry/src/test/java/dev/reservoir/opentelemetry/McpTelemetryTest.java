package dev.reservoir.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.TestClient;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Spans and metrics of a real server's requests, recorded by the OpenTelemetry SDK in memory. */
class McpTelemetryTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT_SPAN = "00f067aa0ba902b7";

    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    private final AtomicReference<Span> spanSeenByHandler = new AtomicReference<>();
    private OpenTelemetrySdk otel;
    private McpServer server;

    @BeforeEach
    void start() {
        otel = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(spans))
                        .build())
                .setMeterProvider(
                        SdkMeterProvider.builder().registerMetricReader(metrics).build())
                .build();
        server = McpServer.builder()
                .observer(McpTelemetry.create(otel))
                .resource(Resource.builder("notes://readme", "readme").build(), "# Notes")
                .template(ResourceTemplate.builder("notes://day/{date}", "day").build(), request -> {
                    spanSeenByHandler.set(Span.current());
                    if (request.variable("date").equals("never")) {
                        throw new ResourceNotFoundException(request.uri().toString());
                    }
                    return ReadResult.of(
                            Resource.builder(request.uri().toString(), "day").build(), ContentBody.text("nothing"));
                })
                .build();
    }

    @AfterEach
    void stop() {
        server.close();
        otel.close();
    }

    private static <T> T attribute(SpanData span, String key, Class<T> type) {
        Object value = span.getAttributes().get(AttributeKey.stringKey(key));
        return type.cast(value);
    }

    /** The one span with this name; waits for it, since a span ends just after its answer is sent. */
    private SpanData only(String name) {
        List<SpanData> named = Eventually.await(
                "a span named " + name,
                TestClient.TIMEOUT,
                () -> spans.getFinishedSpanItems().stream()
                        .filter(s -> s.getName().equals(name))
                        .toList(),
                found -> !found.isEmpty());
        assertThat(named)
                .as("spans named %s among %s", name, spans.getFinishedSpanItems())
                .hasSize(1);
        return named.get(0);
    }

    @Test
    void aReadIsAServerSpanWithTheConventionsAttributesUnderTheClientsTrace() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            client.result(
                    "resources/read",
                    TestClient.json("{\"uri\":\"notes://day/today\",\"_meta\":{"
                            + "\"traceparent\":\"00-" + TRACE_ID + "-" + PARENT_SPAN + "-01\","
                            + "\"tracestate\":\"rojo=00f067aa0ba902b7\"}}"));
        }
        SpanData read = only("resources/read");
        assertThat(read.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(read.getTraceId()).isEqualTo(TRACE_ID);
        assertThat(read.getParentSpanId()).isEqualTo(PARENT_SPAN);
        assertThat(read.getParentSpanContext().isRemote()).isTrue();
        assertThat(read.getSpanContext().getTraceState().get("rojo")).isEqualTo("00f067aa0ba902b7");
        assertThat(attribute(read, "mcp.method.name", String.class)).isEqualTo("resources/read");
        assertThat(attribute(read, "mcp.resource.uri", String.class)).isEqualTo("notes://day/today");
        assertThat(attribute(read, "mcp.protocol.version", String.class)).isEqualTo("2025-11-25");
        assertThat(attribute(read, "jsonrpc.request.id", String.class)).startsWith("t");
        assertThat(read.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        // The span is current while the handler runs: a provider's own spans are its children.
        assertThat(spanSeenByHandler.get().getSpanContext().getSpanId())
                .isEqualTo(read.getSpanContext().getSpanId());
    }

    @Test
    void aFailedReadCarriesTheJsonRpcErrorCode() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            JsonNode error = client.error("resources/read", TestClient.json("{\"uri\":\"notes://day/never\"}"));
            assertThat(error.get("code").asInt()).isEqualTo(-32002);
        }
        SpanData read = only("resources/read");
        assertThat(attribute(read, "error.type", String.class)).isEqualTo("-32002");
        assertThat(attribute(read, "rpc.response.status_code", String.class)).isEqualTo("-32002");
        assertThat(read.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(read.getStatus().getDescription()).isEqualTo("Resource not found");
    }

    @Test
    void withoutTraceContextEachRequestStartsItsOwnTrace() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            client.result("resources/list", null);
        }
        SpanData list = only("resources/list");
        assertThat(list.getParentSpanContext().isValid()).isFalse();
        assertThat(only("initialize").getTraceId()).isNotEqualTo(list.getTraceId());
    }

    @Test
    void theUriCanBeInTheSpanNameWhenAskedFor() {
        try (McpServer named = McpServer.builder()
                        .observer(McpTelemetry.create(otel).withUriInSpanName())
                        .resource(Resource.builder("notes://readme", "readme").build(), "# Notes")
                        .build();
                TestClient client = TestClient.connect(named).initialize(ProtocolRevision.V2025_11_25)) {
            client.result("resources/read", TestClient.json("{\"uri\":\"notes://readme\"}"));
        }
        assertThat(only("resources/read notes://readme").getKind()).isEqualTo(SpanKind.SERVER);
    }

    @Test
    void durationsAreRecordedPerMethodAndOutcomeAndSessionsAndSubscriptionsAreCounted() {
        try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            client.result("resources/read", TestClient.json("{\"uri\":\"notes://readme\"}"));
            client.error("resources/read", TestClient.json("{\"uri\":\"notes://day/never\"}"));
            client.result("resources/subscribe", TestClient.json("{\"uri\":\"notes://readme\"}"));
            assertThat(gauge("reservoir.server.active_sessions")).isEqualTo(1);
            assertThat(gauge("reservoir.server.active_subscriptions")).isEqualTo(1);
            client.result("resources/unsubscribe", TestClient.json("{\"uri\":\"notes://readme\"}"));
            assertThat(gauge("reservoir.server.active_subscriptions")).isZero();
        }
        assertThat(only("resources/unsubscribe").getKind()).isEqualTo(SpanKind.SERVER);
        List<HistogramPointData> reads = metrics.collectAllMetrics().stream()
                .filter(m -> m.getName().equals("mcp.server.operation.duration"))
                .peek(m -> assertThat(m.getUnit()).isEqualTo("s"))
                .flatMap(m -> m.getHistogramData().getPoints().stream())
                .filter(p -> "resources/read".equals(p.getAttributes().get(McpTelemetry.METHOD)))
                .toList();
        assertThat(reads).hasSize(2);
        assertThat(reads).allSatisfy(p -> {
            assertThat(p.getCount()).isEqualTo(1);
            assertThat(p.getAttributes().get(McpTelemetry.PROTOCOL_VERSION)).isEqualTo("2025-11-25");
        });
        assertThat(reads.stream().map(p -> p.getAttributes().get(McpTelemetry.ERROR_TYPE)))
                .containsExactlyInAnyOrder(null, "-32002");
    }

    @Test
    void theTransportsSessionIdAndKindAreOnTheSpan() throws Exception {
        java.util.concurrent.BlockingQueue<dev.reservoir.core.jsonrpc.JsonRpcMessage> answers =
                new java.util.concurrent.LinkedBlockingQueue<>();
        dev.reservoir.server.transport.MessageSink sink = new dev.reservoir.server.transport.MessageSink() {
            @Override
            public void send(dev.reservoir.core.jsonrpc.JsonRpcMessage message) {
                answers.add(message);
            }

            @Override
            public void sendBatch(List<? extends dev.reservoir.core.jsonrpc.JsonRpcMessage> messages) {
                answers.addAll(messages);
            }
        };
        try (var connection =
                server.connect(sink, dev.reservoir.server.transport.ConnectionInfo.http("session-1", null))) {
            connection.receive(
                    dev.reservoir.core.jsonrpc.JsonRpcCodec.standard()
                            .decode("{\"jsonrpc\":\"2.0\",\"id\":\"ping-1\",\"method\":\"ping\"}"),
                    sink);
            assertThat(answers.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isNotNull();
        }
        SpanData ping = only("ping");
        assertThat(attribute(ping, "mcp.session.id", String.class)).isEqualTo("session-1");
        assertThat(attribute(ping, "network.transport", String.class)).isEqualTo("tcp");
        assertThat(attribute(ping, "jsonrpc.request.id", String.class)).isEqualTo("ping-1");
    }

    private long gauge(String name) {
        MetricData metric = metrics.collectAllMetrics().stream()
                .filter(m -> m.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name));
        return metric.getLongSumData().getPoints().stream()
                .mapToLong(LongPointData::getValue)
                .sum();
    }
}
