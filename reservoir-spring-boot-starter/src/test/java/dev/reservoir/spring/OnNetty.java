package dev.reservoir.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.context.support.GenericApplicationContext;

/**
 * Makes a reactive application run on Netty although Tomcat is on the test class path too (Spring
 * Boot would pick Tomcat's reactive adapter), as an application with only the WebFlux starter does.
 */
public final class OnNetty {

    private static final String[] FACTORIES = {
        "org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory", // Spring Boot 3
        "org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory", // Spring Boot 4
    };

    private OnNetty() {}

    public static void use(SpringApplication app) {
        Class<?> factory = null;
        for (String name : FACTORIES) {
            try {
                factory = Class.forName(name);
                break;
            } catch (ClassNotFoundException e) {
                // The other Spring Boot line.
            }
        }
        if (factory == null) {
            throw new IllegalStateException("no NettyReactiveWebServerFactory on the class path");
        }
        Class<?> found = factory;
        app.addInitializers(context -> ((GenericApplicationContext) context).registerBean(found));
    }
}
