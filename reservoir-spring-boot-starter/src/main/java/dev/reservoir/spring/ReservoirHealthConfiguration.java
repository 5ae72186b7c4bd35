package dev.reservoir.spring;

import dev.reservoir.server.McpServer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A health indicator named {@code reservoir} (see {@link ReservoirHealth}), whichever web server
 * serves the endpoint. Spring Boot 3.5 (actuator) and 4 (spring-boot-health) each get theirs.
 */
@AutoConfiguration(after = ReservoirAutoConfiguration.class)
@ConditionalOnBean(McpServer.class)
public class ReservoirHealthConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
    static class Boot3 {
        @Bean
        org.springframework.boot.actuate.health.HealthIndicator reservoirHealthIndicator(
                ObjectProvider<ReservoirHttpServer> own, ObjectProvider<ReservoirHttpEndpoint> mounted) {
            return () -> {
                ReservoirHealth health = ReservoirHealth.of(own, mounted);
                return (health.up()
                                ? org.springframework.boot.actuate.health.Health.up()
                                : org.springframework.boot.actuate.health.Health.down())
                        .withDetails(health.details())
                        .build();
            };
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
    @ConditionalOnMissingClass("org.springframework.boot.actuate.health.HealthIndicator")
    static class Boot4 {
        @Bean
        org.springframework.boot.health.contributor.HealthIndicator reservoirHealthIndicator(
                ObjectProvider<ReservoirHttpServer> own, ObjectProvider<ReservoirHttpEndpoint> mounted) {
            return () -> {
                ReservoirHealth health = ReservoirHealth.of(own, mounted);
                return (health.up()
                                ? org.springframework.boot.health.contributor.Health.up()
                                : org.springframework.boot.health.contributor.Health.down())
                        .withDetails(health.details())
                        .build();
            };
        }
    }
}
