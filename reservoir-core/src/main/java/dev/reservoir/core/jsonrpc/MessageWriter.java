package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** Writes messages field by field, so results stream through {@link JsonWritable}. */
final class MessageWriter {

    private MessageWriter() {}

    static void write(JsonGenerator g, JsonRpcMessage message) throws IOException {
        if (message instanceof JsonRpcResult result && result.result() instanceof DeferredResult deferred) {
            writeDeferred(g, result.id(), deferred);
            return;
        }
        g.writeStartObject();
        g.writeFieldName(WireNames.JSONRPC);
        g.writeString(WireNames.VERSION_2_0);
        switch (message) {
            case JsonRpcRequest request -> {
                writeId(g, request.id());
                g.writeFieldName(WireNames.METHOD);
                g.writeString(request.method());
                if (request.params() != null) {
                    g.writeFieldName(WireNames.PARAMS);
                    g.writeTree(request.params());
                }
            }
            case JsonRpcNotification notification -> {
                g.writeFieldName(WireNames.METHOD);
                g.writeString(notification.method());
                if (notification.params() != null) {
                    g.writeFieldName(WireNames.PARAMS);
                    g.writeTree(notification.params());
                }
            }
            case JsonRpcResult result -> {
                writeId(g, result.id());
                g.writeFieldName(WireNames.RESULT);
                result.result().writeTo(g);
            }
            case JsonRpcErrorResponse error -> {
                writeId(g, error.id());
                g.writeFieldName(WireNames.ERROR);
                g.writeStartObject();
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

    /** Opens the result right before its first byte, so what it holds is held only while it is written. */
    private static void writeDeferred(JsonGenerator g, RequestId id, DeferredResult deferred) throws IOException {
        try {
            JsonRpcError error = deferred.open();
            write(g, error == null ? new JsonRpcResult(id, deferred::writeTo) : new JsonRpcErrorResponse(id, error));
        } finally {
            deferred.close();
        }
    }

    static void writeId(JsonGenerator g, RequestId id) throws IOException {
        g.writeFieldName(WireNames.ID);
        switch (id) {
            case null -> g.writeNull();
            case RequestId.Num num -> g.writeNumber(num.value());
            case RequestId.Str str -> g.writeString(str.value());
        }
    }
}
