package dev.reservoir.spring.webflux;

import dev.reservoir.spring.ExchangeAdapterContract;
import dev.reservoir.spring.StubEndpoint;
import java.util.Map;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;

/** The WebFlux adapter's exchange on a WebFlux application's Netty. */
class ReactiveExchangeIT extends ExchangeAdapterContract {

    ReactiveExchangeIT() {
        super(new Setup(
                StubApp.class,
                WebApplicationType.REACTIVE,
                "spring.webflux.base-path",
                ReactiveExchange.class,
                "NettyWebServer"));
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class StubApp {
        @Bean
        StubEndpoint stub() {
            return new StubEndpoint();
        }

        @Bean
        SimpleUrlHandlerMapping stubMapping(StubEndpoint stub) {
            McpWebHandler handler = new McpWebHandler(stub, 1 << 20);
            return new SimpleUrlHandlerMapping(Map.of("/echo", handler, "/stream", handler, "/flood", handler), -100);
        }
    }
}
