package dev.reservoir.spring;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A health indicator named {@code reservoir}: UP with the endpoint and open sessions while the HTTP
 * server runs, DOWN otherwise. Spring Boot 3.5 (actuator) and 4 (spring-boot-health) each get
 * theirs.
 */
@AutoConfiguration(after = ReservoirAutoConfiguration.class)
@ConditionalOnBean(ReservoirHttpServer.class)
public class ReservoirHealthConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
    static class Boot3 {
        @Bean
        org.springframework.boot.actuate.health.HealthIndicator reservoirHealthIndicator(ReservoirHttpServer http) {
            return () -> http.isRunning()
                    ? org.springframework.boot.actuate.health.Health.up()
                            .withDetail("endpoint", http.endpoint().toString())
                            .withDetail("sessions", http.openSessions())
                            .build()
                    : org.springframework.boot.actuate.health.Health.down()
                            .withDetail("reason", "the HTTP server is not running")
                            .build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
    @ConditionalOnMissingClass("org.springframework.boot.actuate.health.HealthIndicator")
    static class Boot4 {
        @Bean
        org.springframework.boot.health.contributor.HealthIndicator reservoirHealthIndicator(ReservoirHttpServer http) {
            return () -> http.isRunning()
                    ? org.springframework.boot.health.contributor.Health.up()
                            .withDetail("endpoint", http.endpoint().toString())
                            .withDetail("sessions", http.openSessions())
                            .build()
                    : org.springframework.boot.health.contributor.Health.down()
                            .withDetail("reason", "the HTTP server is not running")
                            .build();
        }
    }
}
