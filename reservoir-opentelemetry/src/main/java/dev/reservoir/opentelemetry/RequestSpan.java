package dev.reservoir.opentelemetry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.server.spi.RequestObserver;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.ArrayList;
import java.util.List;

/** One request's span and timing, from {@code started} to {@code ended} on the request's thread. */
final class RequestSpan implements RequestObserver.Observation {

    /** Reads propagation fields from {@code params._meta}: unprefixed keys, as SEP-414 says. */
    private static final TextMapGetter<ObjectNode> META = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(ObjectNode meta) {
            List<String> keys = new ArrayList<>();
            meta.fieldNames().forEachRemaining(keys::add);
            return keys;
        }

        @Override
        public String get(ObjectNode meta, String key) {
            JsonNode value = meta == null ? null : meta.get(key);
            return value != null && value.isTextual() ? value.textValue() : null;
        }
    };

    private final McpTelemetry telemetry;
    private final RequestObserver.Request request;
    private final Span span;
    private final Scope scope;
    private final long startNanos;

    private RequestSpan(McpTelemetry telemetry, RequestObserver.Request request, Span span, Scope scope) {
        this.telemetry = telemetry;
        this.request = request;
        this.span = span;
        this.scope = scope;
        this.startNanos = System.nanoTime();
    }

    static RequestSpan start(McpTelemetry telemetry, RequestObserver.Request request) {
        Context parent = parent(telemetry, request.params());
        String uri = request.resourceUri();
        String name = telemetry.uriInSpanName() && uri != null ? request.method() + " " + uri : request.method();
        var builder = telemetry
                .tracer()
                .spanBuilder(name)
                .setSpanKind(SpanKind.SERVER)
                .setParent(parent)
                .setAttribute(McpTelemetry.METHOD, request.method())
                .setAttribute(McpTelemetry.REQUEST_ID, request.id());
        if (uri != null) {
            builder.setAttribute(McpTelemetry.RESOURCE_URI, uri);
        }
        if (request.sessionId() != null) {
            builder.setAttribute(McpTelemetry.SESSION_ID, request.sessionId());
        }
        if (request.transport() != null) {
            builder.setAttribute(McpTelemetry.TRANSPORT, request.transport());
        }
        Span span = builder.startSpan();
        return new RequestSpan(
                telemetry, request, span, span.storeInContext(parent).makeCurrent());
    }

    /** The context the client propagated in {@code params._meta}, or the current one when it sent none. */
    private static Context parent(McpTelemetry telemetry, ObjectNode params) {
        JsonNode meta = params == null ? null : params.get("_meta");
        if (!(meta instanceof ObjectNode fields)) {
            return Context.current();
        }
        return telemetry.propagator().extract(Context.current(), fields, META);
    }

    @Override
    public void ended(RequestObserver.Outcome outcome) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        AttributesBuilder metric = Attributes.builder().put(McpTelemetry.METHOD, request.method());
        if (outcome.revision() != null) {
            span.setAttribute(McpTelemetry.PROTOCOL_VERSION, outcome.revision().id());
            metric.put(McpTelemetry.PROTOCOL_VERSION, outcome.revision().id());
        }
        if (request.transport() != null) {
            metric.put(McpTelemetry.TRANSPORT, request.transport());
        }
        String errorType =
                switch (outcome.kind()) {
                    case ANSWERED -> null;
                    case CANCELLED -> "cancelled";
                    case FAILED, TIMED_OUT -> Integer.toString(outcome.errorCode());
                };
        if (errorType != null) {
            span.setAttribute(McpTelemetry.ERROR_TYPE, errorType);
            metric.put(McpTelemetry.ERROR_TYPE, errorType);
            if (outcome.errorCode() != 0) {
                span.setAttribute(McpTelemetry.STATUS_CODE, errorType);
                metric.put(McpTelemetry.STATUS_CODE, errorType);
            }
            span.setStatus(StatusCode.ERROR, outcome.errorMessage() == null ? errorType : outcome.errorMessage());
        }
        telemetry.duration().record(seconds, metric.build());
        scope.close();
        span.end();
    }
}
