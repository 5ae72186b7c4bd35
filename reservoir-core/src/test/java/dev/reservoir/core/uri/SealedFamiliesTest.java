package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.Decoded;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.JsonRpcRequest;
import dev.reservoir.core.jsonrpc.JsonRpcResponse;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.protocol.RequestedRevision;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sealed families that the request path tells apart with {@code instanceof} chains, not
 * pattern switches (a pattern switch makes a class at run time: LauncherIT in reservoir-cli). The
 * compiler no longer says when a chain misses a new member, so this does: a member added here
 * must be added to the chains named.
 */
class SealedFamiliesTest {

    private static List<Class<?>> members(Class<?> family) {
        return Arrays.asList(family.getPermittedSubclasses());
    }

    @Test
    void theTemplatesPartsAndTheMatchersInstructions() {
        assertThat(members(Part.class))
                .as("MatchCompiler.compile and queryFollows, UriTemplate's constructor")
                .containsExactlyInAnyOrder(Part.Literal.class, Part.Expression.class);
        assertThat(members(MatchProgram.Insn.class))
                .as("MatchProgram.follow, MatchCompiler.resolve")
                .containsExactlyInAnyOrder(
                        MatchProgram.Insn.Lit.class,
                        MatchProgram.Insn.Unit.class,
                        MatchProgram.Insn.Split.class,
                        MatchProgram.Insn.Jump.class,
                        MatchProgram.Insn.Open.class,
                        MatchProgram.Insn.Close.class);
    }

    @Test
    void theWiresMessagesAndWhatTheyName() {
        assertThat(members(JsonRpcMessage.class))
                .as("MessageWriter.write, RpcConnection.receive")
                .containsExactlyInAnyOrder(JsonRpcRequest.class, JsonRpcNotification.class, JsonRpcResponse.class);
        assertThat(members(JsonRpcResponse.class))
                .as("MessageWriter.write")
                .containsExactlyInAnyOrder(JsonRpcResult.class, JsonRpcErrorResponse.class);
        assertThat(members(Decoded.class))
                .as("RpcConnection.receive and receiveBatch")
                .containsExactlyInAnyOrder(Decoded.Single.class, Decoded.Batch.class, Decoded.Invalid.class);
        assertThat(members(RequestId.class))
                .as("MessageWriter.writeId, RequestId.toJson, MessageCap.mostEnvelope")
                .containsExactlyInAnyOrder(RequestId.Num.class, RequestId.Str.class);
        assertThat(members(RequestedRevision.class))
                .as("RequestContexts.of, RequestedRevision.named")
                .containsExactlyInAnyOrder(
                        RequestedRevision.Stateless.class,
                        RequestedRevision.Session.class,
                        RequestedRevision.Unknown.class,
                        RequestedRevision.NotText.class);
    }
}
