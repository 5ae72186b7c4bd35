package dev.reservoir.spring.webflux;

import dev.reservoir.spring.internal.Handling;
import dev.reservoir.transport.http.exchange.HttpExchange;
import java.util.function.Consumer;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebHandler;
import reactor.core.publisher.Mono;

/**
 * Reservoir's MCP endpoint as a WebFlux handler: reads the body (at most one byte more than the
 * endpoint accepts, so it can refuse a larger one itself), then runs the endpoint on a virtual
 * thread of its own while the response streams what it writes.
 */
final class McpWebHandler implements WebHandler {

    private final Consumer<HttpExchange> endpoint;
    private final long maxRequestBytes;

    /** @param endpoint handles an exchange, blocking ({@code McpHttpEndpoint::handle}) */
    McpWebHandler(Consumer<HttpExchange> endpoint, long maxRequestBytes) {
        this.endpoint = endpoint;
        this.maxRequestBytes = maxRequestBytes;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange web) {
        return DataBufferUtils.join(
                        DataBufferUtils.takeUntilByteCount(web.getRequest().getBody(), maxRequestBytes + 1))
                .map(McpWebHandler::bytes)
                .defaultIfEmpty(new byte[0])
                .flatMap(body -> serve(web, body));
    }

    private Mono<Void> serve(ServerWebExchange web, byte[] body) {
        ServerHttpResponse response = web.getResponse();
        ReactiveExchange exchange = new ReactiveExchange(web.getRequest(), response, body);
        Handling.start("reservoir-webflux", endpoint, exchange);
        return response.writeAndFlushWith(exchange.output())
                .doOnError(e -> exchange.hangUp())
                .doOnCancel(exchange::hangUp);
    }

    private static byte[] bytes(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }
}
