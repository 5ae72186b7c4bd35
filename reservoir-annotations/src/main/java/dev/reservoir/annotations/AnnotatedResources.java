package dev.reservoir.annotations;

import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.ResourceProvider;
import java.lang.reflect.Method;
import java.util.Objects;

/**
 * Serves the {@link Resource} and {@link ResourceTemplate} methods of an object as a
 * {@link ResourceProvider}: no builder code per resource.
 *
 * <pre>{@code
 * McpServer server = AnnotatedResources.register(McpServer.builder(), new Catalog()).build();
 * }</pre>
 *
 * The methods are checked when the provider is made: a method whose parameters cannot all be bound,
 * or that returns nothing, fails with an IllegalArgumentException that names it and the fix.
 * Methods are called on the request's virtual thread and may block; they must be thread-safe.
 */
public final class AnnotatedResources {

    private AnnotatedResources() {}

    /** A provider for the annotated methods of {@code bean}'s class (public or not, inherited too). */
    public static ResourceProvider of(Object bean) {
        return of(bean, Objects.requireNonNull(bean, "bean").getClass());
    }

    /**
     * A provider for the annotated methods declared by {@code type}, called on {@code bean} (an
     * instance of it or of a subclass, such as a framework's proxy of it).
     */
    public static ResourceProvider of(Object bean, Class<?> type) {
        if (!type.isInstance(bean)) {
            throw new IllegalArgumentException(bean + " is not a " + type.getName());
        }
        return new AnnotatedProvider(bean, type);
    }

    /** Adds a provider for each bean's annotated methods to the builder; returns the builder. */
    public static McpServerBuilder register(McpServerBuilder builder, Object... beans) {
        for (Object bean : beans) {
            builder.provider(of(bean));
        }
        return builder;
    }

    /** Whether {@code type} (or a superclass) has a {@link Resource} or {@link ResourceTemplate} method. */
    public static boolean isAnnotated(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (method.isAnnotationPresent(Resource.class) || method.isAnnotationPresent(ResourceTemplate.class)) {
                    return true;
                }
            }
        }
        return false;
    }
}
