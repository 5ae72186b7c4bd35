package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import org.junit.jupiter.api.Test;

/** Whatever a handler throws becomes an error the client gets: none leaves a request unanswered. */
class ErrorMapperTest {

    /** A subclass that says only a message, as the protected constructor allows. */
    private static final class Refused extends McpException {
        Refused() {
            super("refused for reasons of its own");
        }
    }

    @Test
    void aSubclassOfMcpExceptionThatGaveOnlyAMessageIsStillAnswered() {
        for (WireFormat wire : new WireFormat[] {null, WireFormat.of(ProtocolRevision.V2026_07_28)}) {
            JsonRpcError error = ErrorMapper.toError(new Refused(), wire, "resources/read");
            assertThat(error).as("the error for %s", wire).isNotNull();
            assertThat(error.code()).isEqualTo(ErrorCodes.INTERNAL_ERROR);
        }
    }

    @Test
    void aResourceNotFoundIsAnsweredInTheRevisionsCodeEvenWithoutAWireFormat() {
        assertThat(ErrorMapper.toError(new ResourceNotFoundException("mem://x"), null, "resources/read")
                        .code())
                .isEqualTo(ErrorCodes.RESOURCE_NOT_FOUND);
        assertThat(ErrorMapper.toError(
                                new ResourceNotFoundException("mem://x"),
                                WireFormat.of(ProtocolRevision.V2026_07_28),
                                "resources/read")
                        .code())
                .isEqualTo(ErrorCodes.INVALID_PARAMS);
    }
}
