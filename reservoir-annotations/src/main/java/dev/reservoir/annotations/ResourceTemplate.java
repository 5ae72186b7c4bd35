package dev.reservoir.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a method the reader of the resources an RFC 6570 URI template names, such as
 * {@code users://{id}/profile}: {@code resources/templates/list} lists the template and a read of a
 * matching URI calls the method with the template's variables bound to its parameters by name (the
 * parameter's name, compiled with {@code -parameters}, or {@link ResourceTemplateArg#name()}).
 * Parameters may be {@code String}, {@code int}/{@code Integer}, {@code long}/{@code Long},
 * {@code boolean}/{@code Boolean} or an enum (by constant name, ignoring case); a value that does
 * not convert gets the client error -32602 naming the variable. A parameter of type
 * {@link java.net.URI} gets the URI read, one of type {@link dev.reservoir.server.spi.CallContext}
 * the request's context. Values are checked as paths are before the method sees them (no
 * {@code ..} segments, control characters or encoded slashes). Return types as for {@link Resource}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ResourceTemplate {

    /** The URI template. */
    String uriTemplate();

    /** The programmatic name; the method's name when empty. */
    String name() default "";

    /** A display name. */
    String title() default "";

    String description() default "";

    /** The MIME type of the resources it names; when empty, derived from what the method returns. */
    String mimeType() default "";

    /** Hints for clients: audience and priority. */
    ResourceTemplateAnnotations annotations() default @ResourceTemplateAnnotations;

    /** Hints for clients about the resources of a template. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface ResourceTemplateAnnotations {
        /** Who the resources are for: {@code "user"}, {@code "assistant"}, or both. */
        String[] audience() default {};

        /** 0.0 (optional) to 1.0 (required); a negative value (the default) says nothing. */
        double priority() default -1;
    }
}
