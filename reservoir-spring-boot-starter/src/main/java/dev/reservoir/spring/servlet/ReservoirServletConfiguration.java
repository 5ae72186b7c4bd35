package dev.reservoir.spring.servlet;

import dev.reservoir.spring.ReservoirAutoConfiguration;
import dev.reservoir.spring.ReservoirHttpEndpoint;
import jakarta.servlet.http.HttpServlet;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Mounts the starter's MCP endpoint on the application's Servlet container (Spring MVC on Tomcat,
 * Jetty or Undertow) at its paths, below the application's context path.
 */
@AutoConfiguration(after = ReservoirAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({HttpServlet.class, ServletRegistrationBean.class})
@ConditionalOnBean(ReservoirHttpEndpoint.class)
public class ReservoirServletConfiguration {

    /** The MCP Servlet, asynchronous, at each of the endpoint's paths. */
    @Bean
    public ServletRegistrationBean<HttpServlet> reservoirMcpServlet(ReservoirHttpEndpoint endpoint) {
        ServletRegistrationBean<HttpServlet> registration = new ServletRegistrationBean<>(
                new McpServlet(exchange -> endpoint.endpoint().handle(exchange)),
                endpoint.paths().toArray(String[]::new));
        registration.setName("reservoirMcp");
        registration.setAsyncSupported(true);
        registration.setLoadOnStartup(1);
        return registration;
    }
}
