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
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (message instanceof JsonRpcRequest request) {
            writeId(g, request.id());
            g.writeFieldName(WireNames.METHOD);
            g.writeString(request.method());
            if (request.params() != null) {
                g.writeFieldName(WireNames.PARAMS);
                g.writeTree(request.params());
            }
        } else if (message instanceof JsonRpcNotification notification) {
            g.writeFieldName(WireNames.METHOD);
            g.writeString(notification.method());
            if (notification.params() != null) {
                g.writeFieldName(WireNames.PARAMS);
                g.writeTree(notification.params());
            }
        } else if (message instanceof JsonRpcResult result) {
            writeId(g, result.id());
            g.writeFieldName(WireNames.RESULT);
            result.result().writeTo(g);
        } else if (message instanceof JsonRpcErrorResponse error) {
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
        } else {
            throw new IllegalStateException("unknown message " + message);
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
        if (id instanceof RequestId.Num num) { // not a pattern switch, as in write
            g.writeNumber(num.value());
        } else if (id instanceof RequestId.Str str) {
            g.writeString(str.value());
        } else {
            g.writeNull();
        }
    }
}
