package dev.reservoir.annotations;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/** Turns what an annotated method returned into a read result. */
final class Answers {

    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    private Answers() {}

    /** The MIME type a method's return type implies, or null when only its value can tell. */
    static String defaultMimeType(Method method) {
        if (method.getReturnType() == void.class) {
            throw new IllegalArgumentException(
                    Endpoint.describe(method)
                            + " returns nothing: return the content (String, byte[], ContentBody, ReadResult or an object sent as JSON)");
        }
        return mimeType(method.getGenericReturnType());
    }

    private static String mimeType(Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            return mimeType(p.getActualTypeArguments()[0]);
        }
        if (type == String.class || type == CharSequence.class) {
            return "text/plain";
        }
        if (type == byte[].class) {
            return "application/octet-stream";
        }
        if (type instanceof Class<?> c
                && (c == Object.class
                        || c == Optional.class
                        || ContentBody.class.isAssignableFrom(c)
                        || c == ReadResult.class
                        || c == ResourceContent.class)) {
            return null;
        }
        return "application/json";
    }

    /** The result for a value; null and an empty Optional say the resource does not exist. */
    static ReadResult toResult(Object value, Resource resource) {
        if (value instanceof Optional<?> optional) {
            value = optional.orElse(null);
        }
        return switch (value) {
            case null -> throw new ResourceNotFoundException(resource.uri());
            case ReadResult result -> result;
            case ResourceContent content -> ReadResult.of(List.of(content));
            case ContentBody body -> ReadResult.of(resource, body);
            case CharSequence text -> ReadResult.of(typed(resource, "text/plain"), ContentBody.text(text.toString()));
            case byte[] bytes -> ReadResult.of(typed(resource, "application/octet-stream"), ContentBody.bytes(bytes));
            default -> ReadResult.of(typed(resource, "application/json"), ContentBody.text(json(value)));
        };
    }

    private static Resource typed(Resource resource, String fallback) {
        return resource.mimeType() != null
                ? resource
                : resource.toBuilder().mimeType(fallback).build();
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "could not write " + value.getClass().getName() + " as JSON", e);
        }
    }
}
