package dev.reservoir.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Binds a parameter of a {@link ResourceTemplate} method to the template variable it names. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface ResourceTemplateArg {

    /** The variable's name; the parameter's name when empty (which needs {@code javac -parameters}). */
    String name() default "";

    String description() default "";
}
