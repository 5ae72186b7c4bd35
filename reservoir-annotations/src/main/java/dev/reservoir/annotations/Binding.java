package dev.reservoir.annotations;

import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.core.uri.UriTemplateMatch;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ProviderException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Where one parameter of an annotated method gets its value from. */
@FunctionalInterface
interface Binding {

    Object value(URI uri, UriTemplateMatch match, CallContext context);

    /** A fixed resource's method: a {@link CallContext} and the {@link URI} only. */
    static List<Binding> forResource(Method method) {
        List<Binding> bindings = new ArrayList<>();
        for (Parameter parameter : method.getParameters()) {
            Binding special = special(parameter.getType());
            if (special == null) {
                throw new IllegalArgumentException(Endpoint.describe(method, parameter)
                        + " cannot be bound: a @Resource method takes no parameters but a CallContext or a URI"
                        + " (for variables in the URI use @ResourceTemplate)");
            }
            bindings.add(special);
        }
        return bindings;
    }

    /** A template's method: each other parameter is a variable of the template, converted to its type. */
    static List<Binding> forTemplate(Method method, UriTemplate template) {
        List<Binding> bindings = new ArrayList<>();
        for (Parameter parameter : method.getParameters()) {
            Binding special = special(parameter.getType());
            if (special != null) {
                bindings.add(special);
                continue;
            }
            String name = variableName(method, parameter);
            if (!template.variableNames().contains(name)) {
                throw new IllegalArgumentException(Endpoint.describe(method, parameter) + " names variable '"
                        + name + "', which template " + template + " does not have (it has "
                        + template.variableNames() + ")");
            }
            Function<String, Object> convert = converter(method, parameter);
            String expected = expected(parameter.getType());
            bindings.add((uri, match, context) -> {
                String raw = match.get(name).orElse(null);
                if (raw == null) {
                    throw ProviderException.invalid(uri.toString(), "variable '" + name + "' has no value");
                }
                try {
                    return convert.apply(raw);
                } catch (IllegalArgumentException e) {
                    throw ProviderException.invalid(
                            uri.toString(), "variable '" + name + "' must be " + expected + ", not '" + raw + "'");
                }
            });
        }
        return bindings;
    }

    private static Binding special(Class<?> type) {
        if (type == CallContext.class) {
            return (uri, match, context) -> context;
        }
        if (type == URI.class) {
            return (uri, match, context) -> uri;
        }
        return null;
    }

    private static String variableName(Method method, Parameter parameter) {
        ResourceTemplateArg arg = parameter.getAnnotation(ResourceTemplateArg.class);
        if (arg != null && !arg.name().isEmpty()) {
            return arg.name();
        }
        if (!parameter.isNamePresent()) {
            throw new IllegalArgumentException(Endpoint.describe(method, parameter)
                    + " has no name at run time: compile with 'javac -parameters' or annotate it"
                    + " with @ResourceTemplateArg(name = \"...\")");
        }
        return parameter.getName();
    }

    private static Function<String, Object> converter(Method method, Parameter parameter) {
        Class<?> type = parameter.getType();
        if (type == String.class) {
            return s -> s;
        }
        if (type == int.class || type == Integer.class) {
            return Integer::valueOf;
        }
        if (type == long.class || type == Long.class) {
            return Long::valueOf;
        }
        if (type == boolean.class || type == Boolean.class) {
            return Binding::bool;
        }
        if (type.isEnum()) {
            return s -> constant(type, s);
        }
        throw new IllegalArgumentException(Endpoint.describe(method, parameter) + " has type " + type.getName()
                + ": a template variable binds to String, int, long, boolean or an enum");
    }

    private static Object bool(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException(s);
        };
    }

    private static Object constant(Class<?> type, String s) {
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equalsIgnoreCase(s)) {
                return constant;
            }
        }
        throw new IllegalArgumentException(s);
    }

    private static String expected(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return "an integer (32-bit)";
        }
        if (type == long.class || type == Long.class) {
            return "an integer (64-bit)";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of "
                    + Arrays.stream(type.getEnumConstants())
                            .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT))
                            .toList();
        }
        return "a string";
    }
}
