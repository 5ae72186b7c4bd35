package dev.reservoir.spring;

import dev.reservoir.server.McpServer;
import dev.reservoir.testkit.InteropScript;
import java.lang.reflect.Method;
import java.util.List;
import org.springframework.context.ConfigurableApplicationContext;

/** Drives a running {@link BootApp} with the official TypeScript SDK client (interop/clients/spring-boot.mjs). */
final class TypeScriptClientRun {

    static final String TOKEN = "s3cret-token";
    static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

    private TypeScriptClientRun() {}

    /**
     * Initializes, lists, reads (the book with trace context), subscribes and waits for the update
     * the application's {@link McpServer} sends when the script asks; returns the steps done.
     */
    static List<String> drive(ConfigurableApplicationContext context, String endpoint) throws Exception {
        McpServer server = context.getBean(McpServer.class);
        return InteropScript.run(
                "spring-boot.mjs",
                List.of(endpoint, TOKEN, "00-" + TRACE_ID + "-00f067aa0ba902b7-01"),
                fire -> server.resourceUpdated(fire[2]));
    }

    /** The reservoir health indicator's status and details, through whichever Spring Boot's interface it implements. */
    static String health(ConfigurableApplicationContext context) throws Exception {
        Object indicator = context.getBean("reservoirHealthIndicator");
        Method health = indicator.getClass().getInterfaces()[0].getMethod("health");
        Object result = health.invoke(indicator);
        return result.getClass().getMethod("getStatus").invoke(result) + " "
                + result.getClass().getMethod("getDetails").invoke(result);
    }

    /** The class of the application's web server (Tomcat, Netty...), whichever Spring Boot's type holds it. */
    static String webServer(ConfigurableApplicationContext context) throws Exception {
        return context.getClass()
                .getMethod("getWebServer")
                .invoke(context)
                .getClass()
                .getSimpleName();
    }
}
