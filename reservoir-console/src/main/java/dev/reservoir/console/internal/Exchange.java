package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/** One request and its response, with the few ways the console reads and answers. Not thread-safe. */
final class Exchange {

    /** The largest request body the API reads. */
    static final int MAX_BODY = 1 << 20;

    final Request request;
    final Response response;
    final Callback callback;
    private Fields query;

    Exchange(Request request, Response response, Callback callback) {
        this.request = request;
        this.response = response;
        this.callback = callback;
    }

    String method() {
        return request.getMethod();
    }

    /** A query parameter, or "" when absent. */
    String param(String name) {
        if (query == null) {
            query = Request.extractQueryParameters(request);
        }
        String value = query.getValue(name);
        return value == null ? "" : value;
    }

    /** A whole-number query parameter within bounds, or the default when absent. */
    int intParam(String name, int otherwise, int min, int max) {
        String value = param(name);
        if (value.isEmpty()) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(value);
            if (n < min || n > max) {
                throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", not " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not '" + value + "'");
        }
    }

    /** The JSON body of a POST (an application/json body of at most 1 MiB). */
    JsonNode body() throws IOException {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new IllegalArgumentException("the body must be application/json");
        }
        try (InputStream in = Content.Source.asInputStream(request)) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                throw new IllegalArgumentException("the body is larger than " + MAX_BODY + " bytes");
            }
            JsonNode node = Json.MAPPER.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("the body must be a JSON object");
            }
            return node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("the body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    void json(int status, JsonNode node) {
        send(status, "application/json", node.toString().getBytes(StandardCharsets.UTF_8));
    }

    void error(int status, String message) {
        json(status, JsonNodeFactory.instance.objectNode().put("error", message));
    }

    void send(int status, String contentType, byte[] bytes) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }
}
