/** Traces and metrics of a Reservoir server through the OpenTelemetry API. */
module dev.reservoir.opentelemetry {
    requires transitive dev.reservoir.server;
    requires transitive io.opentelemetry.api;
    requires io.opentelemetry.context;

    exports dev.reservoir.opentelemetry;
}
