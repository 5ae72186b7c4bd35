package dev.reservoir.annotations;

import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Role;
import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.core.uri.UriTemplateMatch;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ReadResult;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * One annotated method: what clients see of it (a resource or a template) and how a read calls it.
 * Immutable; thread-safe.
 */
final class Endpoint {

    private final Object bean;
    private final Method method;
    private final List<Binding> bindings;
    private final dev.reservoir.core.model.Resource resource;
    private final dev.reservoir.core.model.ResourceTemplate template;

    private Endpoint(
            Object bean,
            Method method,
            List<Binding> bindings,
            dev.reservoir.core.model.Resource resource,
            dev.reservoir.core.model.ResourceTemplate template) {
        this.bean = Modifier.isStatic(method.getModifiers()) ? null : bean;
        this.method = method;
        this.bindings = bindings;
        this.resource = resource;
        this.template = template;
        if (!method.trySetAccessible()) {
            throw new IllegalArgumentException(describe(method)
                    + " cannot be called from dev.reservoir.annotations: make it public, or open its package");
        }
    }

    static Endpoint resource(Object bean, Method method, Resource a) {
        List<Binding> bindings = Binding.forResource(method);
        String mime = a.mimeType().isEmpty() ? Answers.defaultMimeType(method) : a.mimeType();
        var annotations = annotations(
                        method, a.annotations().audience(), a.annotations().priority())
                .withLastModified(instant(method, a.annotations().modificationDate()));
        var resource = dev.reservoir.core.model.Resource.builder(a.uri(), orName(a.name(), method))
                .title(blankToNull(a.title()))
                .description(blankToNull(a.description()))
                .mimeType(mime)
                .size(a.size() >= 0 ? a.size() : null)
                .annotations(annotations)
                .build();
        return new Endpoint(bean, method, bindings, resource, null);
    }

    static Endpoint template(Object bean, Method method, ResourceTemplate a) {
        UriTemplate parsed = UriTemplate.parse(a.uriTemplate());
        List<Binding> bindings = Binding.forTemplate(method, parsed);
        String mime = a.mimeType().isEmpty() ? Answers.defaultMimeType(method) : a.mimeType();
        var template = dev.reservoir.core.model.ResourceTemplate.builder(a.uriTemplate(), orName(a.name(), method))
                .title(blankToNull(a.title()))
                .description(blankToNull(a.description()))
                .mimeType(mime)
                .annotations(annotations(
                        method, a.annotations().audience(), a.annotations().priority()))
                .build();
        return new Endpoint(bean, method, bindings, null, template);
    }

    dev.reservoir.core.model.Resource resource() {
        return resource;
    }

    dev.reservoir.core.model.ResourceTemplate template() {
        return template;
    }

    /** The resource a URI names: the fixed one, or the template's description for that URI. */
    dev.reservoir.core.model.Resource describe(String uri) {
        if (resource != null) {
            return resource;
        }
        return dev.reservoir.core.model.Resource.builder(uri, template.name())
                .title(template.title())
                .description(template.description())
                .mimeType(template.mimeType())
                .annotations(template.annotations())
                .build();
    }

    ReadResult read(URI uri, UriTemplateMatch match, CallContext context) {
        Object[] args = new Object[bindings.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = bindings.get(i).value(uri, match, context);
        }
        Object value;
        try {
            value = method.invoke(bean, args);
        } catch (InvocationTargetException e) {
            throw rethrown(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(describe(method) + " could not be called", e);
        }
        return Answers.toResult(value, describe(uri.toString()));
    }

    /** What the method threw, unchecked: runtime exceptions as they are (the server maps them). */
    private RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(describe(method) + " failed", cause);
    }

    private static Annotations annotations(Method method, String[] audience, double priority) {
        List<Role> roles = new ArrayList<>();
        for (String role : audience) {
            try {
                roles.add(Role.fromWire(role));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(describe(method) + ": " + e.getMessage(), e);
            }
        }
        if (priority > 1.0) {
            throw new IllegalArgumentException(
                    describe(method) + ": priority must be between 0.0 and 1.0, not " + priority);
        }
        return new Annotations(roles, priority < 0 ? null : priority, null);
    }

    private static Instant instant(Method method, String iso) {
        if (iso.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(iso);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    describe(method)
                            + ": modificationDate must be an ISO 8601 instant such as 2026-11-23T10:00:00Z, not " + iso,
                    e);
        }
    }

    private static String orName(String name, Method method) {
        return name.isEmpty() ? method.getName() : name;
    }

    private static String blankToNull(String s) {
        return s.isEmpty() ? null : s;
    }

    static String describe(Method method) {
        return "method " + method.getDeclaringClass().getName() + "." + method.getName();
    }

    /** Names a parameter in messages. */
    static String describe(Method method, Parameter parameter) {
        return "parameter '" + parameter.getName() + "' of " + describe(method);
    }
}
