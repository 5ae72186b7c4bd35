package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.uri.InvalidUriException;
import dev.reservoir.core.uri.UriValidator;

/** Reads request params, failing with -32602 and a message that names the parameter. */
final class Params {

    private Params() {}

    static JsonNode field(ObjectNode params, String name) {
        return params == null ? null : params.get(name);
    }

    static String requiredString(ObjectNode params, String name) {
        JsonNode value = field(params, name);
        if (value == null || value.isNull()) {
            throw McpException.invalidParams("Invalid params: '" + name + "' is required");
        }
        if (!value.isTextual()) {
            throw McpException.invalidParams("Invalid params: '" + name + "' must be a string");
        }
        return value.textValue();
    }

    static String optionalString(ObjectNode params, String name) {
        JsonNode value = field(params, name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw McpException.invalidParams("Invalid params: '" + name + "' must be a string");
        }
        return value.textValue();
    }

    static ObjectNode requiredObject(ObjectNode params, String name) {
        JsonNode value = field(params, name);
        if (value == null || value.isNull()) {
            throw McpException.invalidParams("Invalid params: '" + name + "' is required");
        }
        if (!value.isObject()) {
            throw McpException.invalidParams("Invalid params: '" + name + "' must be an object");
        }
        return (ObjectNode) value;
    }

    static ObjectNode optionalObject(ObjectNode params, String name) {
        JsonNode value = field(params, name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw McpException.invalidParams("Invalid params: '" + name + "' must be an object");
        }
        return (ObjectNode) value;
    }

    /** A required URI parameter, checked against RFC 3986 before anything else sees it. */
    static String uri(ObjectNode params, String name) {
        return checkUri(requiredString(params, name), name);
    }

    static String optionalUri(ObjectNode params, String name) {
        String value = optionalString(params, name);
        return value == null ? null : checkUri(value, name);
    }

    static String checkUri(String value, String name) {
        check(value, name);
        return value;
    }

    /**
     * A required URI parameter, checked as {@link #uri} does, with its parse: null when the URI has
     * the plain form ({@link UriValidator#isPlainHierarchical}), which {@link java.net.URI} always
     * parses, so that parsing waits until something needs it (most reads never do).
     */
    static Checked checkedUri(ObjectNode params, String name) {
        String value = requiredString(params, name);
        return new Checked(value, check(value, name));
    }

    /** A URI parameter's text, and its parse when {@link #checkedUri} made one. */
    record Checked(String text, java.net.URI parsed) {}

    /** Validates the URI; parses it too unless it has the plain form (null then). */
    private static java.net.URI check(String value, String name) {
        if (UriValidator.isPlainHierarchical(value)) {
            return null; // valid, and known to parse
        }
        return parse(value, name);
    }

    private static java.net.URI parse(String value, String name) {
        try {
            UriValidator.validate(value);
            return java.net.URI.create(value);
        } catch (InvalidUriException e) {
            String message = "Invalid params: '" + name + "' is not a valid URI: " + e.getMessage();
            // data.uri echoes the URI, as not-found errors do; one too long to be a URI is not echoed.
            throw value.length() > UriValidator.MAX_LENGTH
                    ? McpException.invalidParams(message)
                    : McpException.invalidParams(message, value);
        } catch (IllegalArgumentException e) {
            throw McpException.invalidParams(
                    "Invalid params: '" + name + "' is a URI this server cannot handle", value);
        }
    }
}
