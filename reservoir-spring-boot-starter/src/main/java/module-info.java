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
    requires spring.beans;
    requires spring.boot;
    requires spring.boot.autoconfigure;
    requires spring.context;
    requires spring.core;

    exports dev.reservoir.spring;

    // Spring reads the configuration classes and binds the properties by reflection.
    opens dev.reservoir.spring;

    uses dev.reservoir.server.spi.ResourceProviderFactory;
}
