package dev.reservoir.core.jsonrpc;

import java.util.List;
import java.util.Objects;

/** What one inbound frame decoded to: a message, a batch of them, or an error to send back. */
public sealed interface Decoded {

    /** One well-formed message. */
    record Single(JsonRpcMessage message) implements Decoded {
        public Single {
            Objects.requireNonNull(message, "message");
        }
    }

    /** A JSON-RPC batch: each item is a {@link Single} or an {@link Invalid}, never a nested batch. */
    record Batch(List<Decoded> items) implements Decoded {
        public Batch {
            items = List.copyOf(items);
            if (items.isEmpty() || items.stream().anyMatch(Batch.class::isInstance)) {
                throw new IllegalArgumentException("a batch holds one or more non-batch items");
            }
        }
    }

    /**
     * A frame (or batch item) that is not a valid message.
     *
     * @param error the error response to send; its id is null unless the id could be read
     * @param method the method named by the message, if it could be read, else null
     * @param notification true when the message had no id and a method, so it was meant as a
     *     notification and must not be answered
     */
    record Invalid(JsonRpcErrorResponse error, String method, boolean notification) implements Decoded {
        public Invalid {
            Objects.requireNonNull(error, "error");
        }
    }
}
