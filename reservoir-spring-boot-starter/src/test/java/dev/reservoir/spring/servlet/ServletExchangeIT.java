package dev.reservoir.spring.servlet;

import dev.reservoir.spring.ExchangeAdapterContract;
import dev.reservoir.spring.StubEndpoint;
import jakarta.servlet.http.HttpServlet;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/** The Servlet adapter's exchange on a Spring MVC application's Tomcat. */
class ServletExchangeIT extends ExchangeAdapterContract {

    ServletExchangeIT() {
        super(new Setup(
                StubApp.class,
                WebApplicationType.SERVLET,
                "server.servlet.context-path",
                ServletExchange.class,
                "TomcatWebServer"));
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class StubApp {
        @Bean
        StubEndpoint stub() {
            return new StubEndpoint();
        }

        @Bean
        ServletRegistrationBean<HttpServlet> stubServlet(StubEndpoint stub) {
            ServletRegistrationBean<HttpServlet> registration =
                    new ServletRegistrationBean<>(new McpServlet(stub), "/echo", "/stream", "/flood");
            registration.setAsyncSupported(true);
            return registration;
        }
    }
}
