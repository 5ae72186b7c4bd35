package dev.reservoir.spring;

import dev.reservoir.annotations.AnnotatedResources;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.FactoryContext;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceProviderFactory;
import dev.reservoir.transport.http.BearerTokens;
import dev.reservoir.transport.http.HttpTransport;
import dev.reservoir.transport.http.HttpTransportBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Makes one {@link McpServer} of the application's {@link ResourceProvider} beans,
 * {@link ReservoirTemplate} beans, beans with {@link dev.reservoir.annotations.Resource} or
 * {@link dev.reservoir.annotations.ResourceTemplate} methods, and the sources in
 * {@code reservoir.folders} and {@code reservoir.providers}; serves it over Streamable HTTP on
 * the application's own web server, or on Reservoir's own Jetty, as {@code reservoir.http.server}
 * says.
 */
@AutoConfiguration
@EnableConfigurationProperties(ReservoirProperties.class)
public class ReservoirAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public McpServer reservoirMcpServer(
            ReservoirProperties properties,
            ListableBeanFactory beans,
            ObjectProvider<ResourceProvider> providers,
            ObjectProvider<ReservoirTemplate> templates,
            ObjectProvider<ReservoirServerCustomizer> customizers) {
        ReservoirProperties.Limits limits = properties.getLimits();
        McpServerBuilder builder = McpServer.builder()
                .serverInfo(properties.getName(), properties.getVersion())
                .instructions(properties.getInstructions())
                .pageSize(limits.getPageSize())
                .requestTimeout(limits.getRequestTimeout())
                .maxConcurrentRequests(limits.getMaxConcurrentRequests())
                .maxSubscriptions(limits.getMaxSubscriptions());
        providers.orderedStream().forEach(builder::provider);
        templates.orderedStream().forEach(t -> builder.template(t.template(), t.handler()));
        annotatedBeans(beans)
                .forEach((name, type) -> builder.provider(AnnotatedResources.of(beans.getBean(name), type)));
        specProviders(properties).forEach(builder::provider);
        customizers.orderedStream().forEach(c -> c.customize(builder));
        return builder.build();
    }

    /** Reservoir's own Jetty, when {@code reservoir.http.server=reservoir}. */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(HttpServing.OnReservoir.class)
    public ReservoirHttpServer reservoirHttpServer(McpServer server, ReservoirProperties properties) {
        return new ReservoirHttpServer(
                server,
                builder(properties.getHttp(), properties.getHttp().getHost()).build());
    }

    /**
     * The endpoint for the application's own web server (mounted by the Servlet or WebFlux
     * configuration), in a web application unless {@code reservoir.http.server} says otherwise.
     * Its Host allow-list and the rule that a network address needs a token follow the address the
     * application's server binds ({@code server.address}; every interface when unset).
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnWebApplication
    @Conditional(HttpServing.OnApplication.class)
    public ReservoirHttpEndpoint reservoirHttpEndpoint(
            McpServer server, ReservoirProperties properties, Environment environment) {
        String address = environment.getProperty("server.address", "0.0.0.0");
        try {
            return new ReservoirHttpEndpoint(
                    builder(properties.getHttp(), address).buildEndpoint(server));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "reservoir: the application's web server listens on " + address
                            + " (server.address): " + e.getMessage() + ". Set reservoir.http.bearer-tokens, or"
                            + " reservoir.http.allow-unauthenticated-network=true when the application guards "
                            + properties.getHttp().getPath() + " itself, or server.address=127.0.0.1",
                    e);
        }
    }

    static HttpTransportBuilder builder(ReservoirProperties.Http http, String host) {
        HttpTransportBuilder builder = HttpTransport.builder()
                .host(host)
                .port(http.getPort())
                .endpoint(http.getPath())
                .noHttpSse()
                .maxRequestBytes(http.getMaxRequestBytes())
                .maxSessions(http.getMaxSessions());
        if (!http.getAllowedHosts().isEmpty()) {
            builder.allowedHosts(http.getAllowedHosts());
        }
        if (!http.getAllowedOrigins().isEmpty()) {
            builder.allowedOrigins(http.getAllowedOrigins());
        }
        if (!http.getBearerTokens().isEmpty()) {
            builder.bearerTokens(BearerTokens.of(http.getBearerTokens().toArray(String[]::new)));
        }
        if (http.isAllowUnauthenticatedNetwork()) {
            builder.allowUnauthenticatedNetwork();
        }
        return builder;
    }

    /** The beans whose class has annotated methods, by name, with that class (not a proxy's). */
    private static Map<String, Class<?>> annotatedBeans(ListableBeanFactory beans) {
        Map<String, Class<?>> found = new LinkedHashMap<>();
        for (String name : beans.getBeanNamesForType(Object.class, false, false)) {
            Class<?> type = beans.getType(name, false);
            if (type != null) {
                Class<?> user = ClassUtils.getUserClass(type);
                if (AnnotatedResources.isAnnotated(user)) {
                    found.put(name, user);
                }
            }
        }
        return found;
    }

    /**
     * The providers of {@code reservoir.folders} and {@code reservoir.providers}, made by the
     * {@link ResourceProviderFactory} of each spec's kind, as {@code reservoir serve} makes them.
     */
    static List<ResourceProvider> specProviders(ReservoirProperties properties) {
        List<String> specs = new ArrayList<>(properties.getFolders());
        specs.addAll(properties.getProviders());
        if (specs.isEmpty()) {
            return List.of();
        }
        List<ResourceProviderFactory> factories = new ArrayList<>();
        ServiceLoader.load(ResourceProviderFactory.class, ReservoirAutoConfiguration.class.getClassLoader())
                .forEach(factories::add);
        Map<ResourceProviderFactory, List<String>> byKind = new LinkedHashMap<>();
        for (String spec : specs) {
            List<ResourceProviderFactory> accepting =
                    factories.stream().filter(f -> f.accepts(spec)).toList();
            if (accepting.size() != 1) {
                throw new IllegalArgumentException(
                        accepting.isEmpty()
                                ? "reservoir: no provider serves '" + spec
                                        + "'; add the jar of its kind (reservoir-provider-fs"
                                        + " for folders, -git, -jdbc) or check the spec; kinds present: "
                                        + factories.stream()
                                                .map(f -> f.kind() + " " + f.syntax())
                                                .toList()
                                : "reservoir: '" + spec + "' is accepted by several kinds: "
                                        + accepting.stream()
                                                .map(ResourceProviderFactory::kind)
                                                .toList());
            }
            byKind.computeIfAbsent(accepting.get(0), f -> new ArrayList<>()).add(spec);
        }
        FactoryContext context = FactoryContext.defaults();
        List<ResourceProvider> made = new ArrayList<>();
        byKind.forEach((factory, kindSpecs) -> made.addAll(factory.create(kindSpecs, context)));
        return made;
    }
}
