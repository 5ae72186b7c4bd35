/** Spring Boot auto-configuration for a Reservoir server. */
module dev.reservoir.spring {
    requires transitive dev.reservoir.server;
    requires transitive dev.reservoir.transport.http;
    requires transitive dev.reservoir.annotations;
    requires static dev.reservoir.opentelemetry;
    requires static io.opentelemetry.api;
    // Health indicators for Spring Boot 3 (actuator) and 4 (spring-boot-health), when present.
    requires static spring.boot.actuator;
    requires static spring.boot.health;
    // The application's own web server, when it has one: a Servlet container or WebFlux.
    requires static jakarta.servlet;
    requires static spring.web;
    requires static spring.webflux;
    requires static reactor.core;
    requires static org.reactivestreams;
    requires org.slf4j;
    requires spring.beans;
    requires spring.boot;
    requires spring.boot.autoconfigure;
    requires spring.context;
    requires spring.core;

    exports dev.reservoir.spring;
    // Auto-configurations Spring instantiates; users may name them in exclude lists.
    exports dev.reservoir.spring.servlet;
    exports dev.reservoir.spring.webflux;

    // Spring reads the configuration classes and binds the properties by reflection.
    opens dev.reservoir.spring;
    opens dev.reservoir.spring.servlet;
    opens dev.reservoir.spring.webflux;

    uses dev.reservoir.server.spi.ResourceProviderFactory;
}
