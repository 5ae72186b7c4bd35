package dev.reservoir.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.InteropScript;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real Spring Boot application (the Spring Boot of the module that runs this: 3.5 here, 4 in
 * reservoir-spring-boot4-it) serves its beans through the starter, and the official TypeScript SDK
 * client uses them over Streamable HTTP. One application start for the whole test.
 */
class SpringBootStarterIT {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

    @Test
    void aBootApplicationsBeansAreOneMcpServerThatTheTypeScriptClientUses() throws Exception {
        assertThat(SpringBootVersion.getVersion()).startsWith(System.getProperty("reservoir.expected.boot", "3.5"));
        SpringApplication app = new SpringApplication(BootApp.class);
        app.setDefaultProperties(Map.of(
                "reservoir.name", "boot-app",
                "reservoir.http.port", "0",
                "reservoir.http.bearer-tokens", "s3cret-token"));
        try (ConfigurableApplicationContext context = app.run()) {
            ReservoirHttpServer http = context.getBean(ReservoirHttpServer.class);
            McpServer server = context.getBean(McpServer.class);
            assertThat(health(context)).isEqualTo("UP");

            List<String> steps = InteropScript.run(
                    "spring-boot.mjs",
                    List.of(http.endpoint().toString(), "s3cret-token", "00-" + TRACE_ID + "-00f067aa0ba902b7-01"),
                    fire -> server.resourceUpdated(fire[2]));

            assertThat(steps).containsExactly("initialize", "list", "read", "subscribe-updated");
            List<SpanData> reads = BootApp.SPANS.getFinishedSpanItems().stream()
                    .filter(s -> s.getName().equals("resources/read")
                            && s.getTraceId().equals(TRACE_ID))
                    .toList();
            assertThat(reads)
                    .as("the read with trace context, traced by the application's OpenTelemetry")
                    .hasSize(1);
            assertThat(reads.get(0).getAttributes().asMap().toString())
                    .contains("mcp.resource.uri=catalog://books/1")
                    .contains("network.transport=tcp")
                    .contains("mcp.session.id=");
        }
    }

    /** The reservoir health indicator's status, through whichever Spring Boot's interface it implements. */
    private static String health(ConfigurableApplicationContext context) throws Exception {
        Object indicator = context.getBean("reservoirHealthIndicator");
        Method health = indicator.getClass().getInterfaces()[0].getMethod("health");
        Object result = health.invoke(indicator);
        return result.getClass().getMethod("getStatus").invoke(result).toString();
    }
}
