package dev.reservoir.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a method a resource with a fixed URI: {@code resources/list} lists it and
 * {@code resources/read} calls the method. The method takes no parameters (or a
 * {@link dev.reservoir.server.spi.CallContext}) and returns a {@code String} (text), a
 * {@code byte[]} (blob), a {@link dev.reservoir.server.spi.ContentBody}, a
 * {@link dev.reservoir.server.spi.ReadResult}, or any other object, sent as JSON; {@code null} or an
 * empty {@code Optional} means the resource does not exist now. Same shape as the framework-neutral
 * {@code org.mcp_java.annotations.resources.Resource}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Resource {

    /** The resource's absolute URI, such as {@code app://config}. */
    String uri();

    /** The programmatic name; the method's name when empty. */
    String name() default "";

    /** A display name. */
    String title() default "";

    String description() default "";

    /** The MIME type; when empty, {@code text/plain} for text, {@code application/octet-stream} for bytes, {@code application/json} for objects. */
    String mimeType() default "";

    /** The size in bytes, or -1 when unknown. */
    long size() default -1;

    /** Hints for clients: audience, priority, last modification. */
    ResourceAnnotations annotations() default @ResourceAnnotations;

    /** Hints for clients about a resource (the protocol's {@code annotations}). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface ResourceAnnotations {
        /** Who the resource is for: {@code "user"}, {@code "assistant"}, or both. */
        String[] audience() default {};

        /** 0.0 (optional) to 1.0 (required); a negative value (the default) says nothing. */
        double priority() default -1;

        /** When it last changed, ISO 8601 ({@code 2026-11-23T10:00:00Z}); empty says nothing. */
        String modificationDate() default "";
    }
}
