package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** Writes messages field by field, so results stream through {@link JsonWritable}. */
final class MessageWriter {

    private MessageWriter() {}

    static void write(JsonGenerator g, JsonRpcMessage message) throws IOException {
        g.writeStartObject();
        g.writeStringField("jsonrpc", "2.0");
        switch (message) {
            case JsonRpcRequest request -> {
                writeId(g, request.id());
                g.writeStringField("method", request.method());
                if (request.params() != null) {
                    g.writeFieldName("params");
                    g.writeTree(request.params());
                }
            }
            case JsonRpcNotification notification -> {
                g.writeStringField("method", notification.method());
                if (notification.params() != null) {
                    g.writeFieldName("params");
                    g.writeTree(notification.params());
                }
            }
            case JsonRpcResult result -> {
                writeId(g, result.id());
                g.writeFieldName("result");
                result.result().writeTo(g);
            }
            case JsonRpcErrorResponse error -> {
                writeId(g, error.id());
                g.writeObjectFieldStart("error");
                g.writeNumberField("code", error.error().code());
                g.writeStringField("message", error.error().message());
                if (error.error().data() != null) {
                    g.writeFieldName("data");
                    g.writeTree(error.error().data());
                }
                g.writeEndObject();
            }
        }
        g.writeEndObject();
    }

    static void writeId(JsonGenerator g, RequestId id) throws IOException {
        g.writeFieldName("id");
        switch (id) {
            case null -> g.writeNull();
            case RequestId.Num num -> g.writeNumber(num.value());
            case RequestId.Str str -> g.writeString(str.value());
        }
    }
}
