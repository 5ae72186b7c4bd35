package dev.reservoir.spring.webflux;

import dev.reservoir.spring.ReservoirAutoConfiguration;
import dev.reservoir.spring.ReservoirHttpEndpoint;
import dev.reservoir.spring.ReservoirProperties;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.server.WebHandler;
import reactor.core.publisher.Mono;

/**
 * Mounts the starter's MCP endpoint on the application's reactive server (Spring WebFlux on Netty)
 * at its paths, below {@code spring.webflux.base-path}, ahead of the application's routes.
 */
@AutoConfiguration(after = ReservoirAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({WebHandler.class, SimpleUrlHandlerMapping.class, Mono.class})
@ConditionalOnBean(ReservoirHttpEndpoint.class)
public class ReservoirWebFluxConfiguration {

    /** A handler mapping of each of the endpoint's paths to the MCP handler. */
    @Bean
    public SimpleUrlHandlerMapping reservoirMcpHandlerMapping(
            ReservoirHttpEndpoint endpoint, ReservoirProperties properties) {
        McpWebHandler handler = new McpWebHandler(
                exchange -> endpoint.endpoint().handle(exchange),
                properties.getHttp().getMaxRequestBytes());
        Map<String, Object> urls = new LinkedHashMap<>();
        endpoint.paths().forEach(path -> urls.put(path, handler));
        return new SimpleUrlHandlerMapping(urls, Ordered.HIGHEST_PRECEDENCE + 100);
    }
}
