package dev.reservoir.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.McpServer;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real Spring Boot application (the Spring Boot of the module that runs this: 3.5 here, 4 in
 * reservoir-spring-boot4-it) without a web server of its own serves its beans through the starter
 * on Reservoir's own Jetty ({@code reservoir.http.server=reservoir}), and the official TypeScript
 * SDK client uses them over Streamable HTTP. One application start for the whole test.
 */
class SpringBootStarterIT {

    private static final String TRACE_ID = TypeScriptClientRun.TRACE_ID;

    @Test
    void aBootApplicationsBeansAreOneMcpServerThatTheTypeScriptClientUses() throws Exception {
        assertThat(SpringBootVersion.getVersion()).startsWith(System.getProperty("reservoir.expected.boot", "3.5"));
        SpringApplication app = new SpringApplication(BootApp.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setDefaultProperties(Map.of(
                "reservoir.name", "boot-app",
                "reservoir.http.server", "reservoir",
                "reservoir.http.port", "0",
                "reservoir.http.bearer-tokens", TypeScriptClientRun.TOKEN));
        try (ConfigurableApplicationContext context = app.run()) {
            ReservoirHttpServer http = context.getBean(ReservoirHttpServer.class);
            assertThat(TypeScriptClientRun.health(context)).startsWith("UP {server=reservoir, endpoint=http://");

            List<String> steps =
                    TypeScriptClientRun.drive(context, http.endpoint().toString());

            assertThat(steps).containsExactly("initialize", "list", "read", "subscribe-updated");
            List<SpanData> reads = BootApp.spans.getFinishedSpanItems().stream()
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

    @Test
    void aNonWebApplicationServesNothingUnlessReservoirsJettyIsChosen() throws Exception {
        SpringApplication app = new SpringApplication(BootApp.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setDefaultProperties(Map.of("reservoir.http.bearer-tokens", TypeScriptClientRun.TOKEN));
        try (ConfigurableApplicationContext context = app.run()) {
            assertThat(context.getBeanNamesForType(ReservoirHttpServer.class)).isEmpty();
            assertThat(context.getBeanNamesForType(ReservoirHttpEndpoint.class)).isEmpty();
            assertThat(context.getBean(McpServer.class)).isNotNull();
            assertThat(TypeScriptClientRun.health(context)).isEqualTo("UP {server=none}");
        }
    }
}
