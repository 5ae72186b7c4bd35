package dev.reservoir.server.internal.rpc;

import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.server.transport.MessageSink;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An answer stopped half-way on purpose: its content turned out other than announced (a file that
 * changed while it was read) or past a limit. The message says so in words a client can be shown.
 */
public final class AnswerBrokenException extends IOException {

    private static final Logger log = LoggerFactory.getLogger(AnswerBrokenException.class);

    public AnswerBrokenException(String message) {
        super(message);
    }

    /**
     * Whether sending {@code message} failed because its answer was cut short on purpose (this
     * exception is {@code failure} or a cause of it: a codec may wrap it). If so it is logged, and on
     * a channel that goes on after the broken line (stdio) the client is told why with an error
     * response, instead of waiting for an answer that will never come.
     */
    static boolean reported(Throwable failure, MessageSink sink, JsonRpcMessage message) {
        AnswerBrokenException broken = null;
        for (Throwable c = failure; c != null && broken == null; c = c.getCause()) {
            broken = c instanceof AnswerBrokenException b ? b : null;
        }
        if (broken == null) {
            return false;
        }
        log.warn("An answer was cut short: {}", broken.getMessage());
        if (!sink.finishEndsStream() && message instanceof JsonRpcResult result) {
            JsonRpcError error = JsonRpcError.answerCutShort(broken.getMessage());
            try {
                sink.send(new JsonRpcErrorResponse(result.id(), error));
            } catch (IOException | RuntimeException gone) {
                log.debug("Could not tell the client", gone);
            }
        }
        return true;
    }
}
