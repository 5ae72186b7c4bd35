package dev.reservoir.spring;

import dev.reservoir.opentelemetry.McpTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/** Traces and measures the starter's server when the application has an {@link OpenTelemetry} bean. */
@AutoConfiguration(before = ReservoirAutoConfiguration.class)
@ConditionalOnClass({OpenTelemetry.class, McpTelemetry.class})
public class ReservoirTelemetryConfiguration {

    @Bean
    public ReservoirServerCustomizer reservoirTelemetry(ObjectProvider<OpenTelemetry> openTelemetry) {
        return builder -> {
            OpenTelemetry otel = openTelemetry.getIfAvailable();
            if (otel != null) {
                builder.observer(McpTelemetry.create(otel));
            }
        };
    }
}
