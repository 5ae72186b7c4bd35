package dev.reservoir.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real Spring Boot web application serves the starter's MCP endpoint on its own web server, at
 * {@code reservoir.http.path} below its context path (the default: no {@code reservoir.http.server}
 * set), and the official TypeScript SDK client lists, reads, subscribes and receives an update
 * through the application's port. Spring MVC on Tomcat, and WebFlux on Netty.
 */
class ApplicationServerIT {

    @Test
    void springMvcOnTomcatServesTheEndpointBelowTheContextPath() throws Exception {
        try (ConfigurableApplicationContext context =
                start(WebApplicationType.SERVLET, Map.of("server.servlet.context-path", "/app"))) {
            assertThat(TypeScriptClientRun.webServer(context)).isEqualTo("TomcatWebServer");
            assertServedAt(context, "/app/mcp");
        }
    }

    @Test
    void webFluxOnNettyServesTheEndpointBelowTheBasePath() throws Exception {
        try (ConfigurableApplicationContext context =
                start(WebApplicationType.REACTIVE, Map.of("spring.webflux.base-path", "/app"))) {
            assertThat(TypeScriptClientRun.webServer(context)).isEqualTo("NettyWebServer");
            assertServedAt(context, "/app/mcp");
        }
    }

    private static ConfigurableApplicationContext start(WebApplicationType type, Map<String, Object> extra) {
        SpringApplication app = new SpringApplication(BootApp.class);
        app.setWebApplicationType(type);
        if (type == WebApplicationType.REACTIVE) {
            OnNetty.use(app);
        }
        Map<String, Object> properties = new HashMap<>(Map.of(
                "server.address", "127.0.0.1",
                "server.port", "0",
                "reservoir.name", "boot-app",
                "reservoir.http.bearer-tokens", TypeScriptClientRun.TOKEN));
        properties.putAll(extra);
        app.setDefaultProperties(properties);
        return app.run();
    }

    private static void assertServedAt(ConfigurableApplicationContext context, String path) throws Exception {
        assertThat(context.getBeanNamesForType(ReservoirHttpServer.class))
                .as("no Jetty of Reservoir's own")
                .isEmpty();
        assertThat(TypeScriptClientRun.health(context)).isEqualTo("UP {server=application, paths=[/mcp], sessions=0}");
        String port = context.getEnvironment().getProperty("local.server.port");

        List<String> steps = TypeScriptClientRun.drive(context, "http://127.0.0.1:" + port + path);

        assertThat(steps).containsExactly("initialize", "list", "read", "subscribe-updated");
        assertThat(context.getBean(ReservoirHttpEndpoint.class).openSessions())
                .as("the client ended its session")
                .isZero();
    }
}
