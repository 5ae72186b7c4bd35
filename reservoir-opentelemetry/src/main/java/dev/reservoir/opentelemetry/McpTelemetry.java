package dev.reservoir.opentelemetry;

import dev.reservoir.server.spi.RequestObserver;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.util.List;
import java.util.Objects;

/**
 * Traces and measures a Reservoir server with the OpenTelemetry API, following the OpenTelemetry
 * semantic conventions for MCP: a SERVER span per request named after its method (attributes
 * {@code mcp.method.name}, {@code mcp.resource.uri}, {@code mcp.session.id},
 * {@code mcp.protocol.version}, {@code jsonrpc.request.id}, {@code network.transport},
 * {@code error.type}), whose parent is the trace context the client put in
 * {@code params._meta} ({@code traceparent}, {@code tracestate}); the histogram
 * {@code mcp.server.operation.duration}; and the counts {@code reservoir.server.active_sessions}
 * and {@code reservoir.server.active_subscriptions}. The span is current while the request runs, so
 * spans a provider makes are its children. Thread-safe; one may observe several servers.
 *
 * <pre>{@code
 * McpServer server = McpServer.builder()
 *         .observer(McpTelemetry.create(openTelemetry))
 *         .provider(provider)
 *         .build();
 * }</pre>
 */
public final class McpTelemetry implements RequestObserver {

    static final String SCOPE = "dev.reservoir";
    static final AttributeKey<String> METHOD = AttributeKey.stringKey("mcp.method.name");
    static final AttributeKey<String> RESOURCE_URI = AttributeKey.stringKey("mcp.resource.uri");
    static final AttributeKey<String> SESSION_ID = AttributeKey.stringKey("mcp.session.id");
    static final AttributeKey<String> PROTOCOL_VERSION = AttributeKey.stringKey("mcp.protocol.version");
    static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("jsonrpc.request.id");
    static final AttributeKey<String> TRANSPORT = AttributeKey.stringKey("network.transport");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<String> STATUS_CODE = AttributeKey.stringKey("rpc.response.status_code");

    /** The bucket boundaries, in seconds, the conventions advise for MCP operation durations. */
    private static final List<Double> BUCKETS =
            List.of(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0);

    private final OpenTelemetry openTelemetry;
    private final Tracer tracer;
    private final Meter meter;
    private final DoubleHistogram duration;
    private final TextMapPropagator propagator;
    private final boolean uriInSpanName;

    private McpTelemetry(OpenTelemetry openTelemetry, boolean uriInSpanName) {
        this.openTelemetry = openTelemetry;
        this.tracer = openTelemetry.getTracer(SCOPE);
        this.meter = openTelemetry.getMeter(SCOPE);
        this.duration = meter.histogramBuilder("mcp.server.operation.duration")
                .setUnit("s")
                .setDescription("MCP request duration as observed on the server, from receipt until the answer is sent")
                .setExplicitBucketBoundariesAdvice(BUCKETS)
                .build();
        TextMapPropagator configured = openTelemetry.getPropagators().getTextMapPropagator();
        // The conventions say to use the configured propagators; without any, W3C Trace Context
        // (the keys MCP's SEP-414 names) is what clients send.
        this.propagator = configured.fields().isEmpty() ? W3CTraceContextPropagator.getInstance() : configured;
        this.uriInSpanName = uriInSpanName;
    }

    /** Telemetry through this OpenTelemetry; span names are the method alone, as the conventions advise. */
    public static McpTelemetry create(OpenTelemetry openTelemetry) {
        return new McpTelemetry(Objects.requireNonNull(openTelemetry, "openTelemetry"), false);
    }

    /**
     * This telemetry with the resource URI in span names ({@code resources/read file:///x}), which
     * the conventions allow as an opt-in: URIs make many distinct span names.
     */
    public McpTelemetry withUriInSpanName() {
        return new McpTelemetry(openTelemetry, true);
    }

    @Override
    public Observation started(Request request) {
        return RequestSpan.start(this, request);
    }

    @Override
    public void attached(Counts counts) {
        meter.upDownCounterBuilder("reservoir.server.active_sessions")
                .setUnit("{session}")
                .setDescription("Stateful MCP sessions open")
                .buildWithCallback(m -> m.record(counts.sessions()));
        meter.upDownCounterBuilder("reservoir.server.active_subscriptions")
                .setUnit("{subscription}")
                .setDescription("Resource subscriptions held, over all sessions and listen streams")
                .buildWithCallback(m -> m.record(counts.subscriptions()));
    }

    Tracer tracer() {
        return tracer;
    }

    DoubleHistogram duration() {
        return duration;
    }

    TextMapPropagator propagator() {
        return propagator;
    }

    boolean uriInSpanName() {
        return uriInSpanName;
    }
}
