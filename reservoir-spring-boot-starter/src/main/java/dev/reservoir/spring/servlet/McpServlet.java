package dev.reservoir.spring.servlet;

import dev.reservoir.spring.internal.Handling;
import dev.reservoir.transport.http.exchange.HttpExchange;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.function.Consumer;

/**
 * Reservoir's MCP endpoint as a Servlet: each request goes asynchronous and is handled on a virtual
 * thread of its own (the endpoint blocks; the container's threads are not held by a long SSE stream).
 */
final class McpServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient Consumer<HttpExchange> endpoint;

    /** @param endpoint handles an exchange, blocking ({@code McpHttpEndpoint::handle}) */
    McpServlet(Consumer<HttpExchange> endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) {
        ServletExchange exchange = new ServletExchange(request, response);
        Handling.start("reservoir-servlet", endpoint, exchange);
    }
}
