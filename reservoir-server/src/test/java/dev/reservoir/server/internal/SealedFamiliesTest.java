package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.server.bus.Change;
import dev.reservoir.server.internal.rpc.Reply;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.UriSpace;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's sealed families that its request path tells apart with {@code instanceof} chains,
 * not pattern switches (a pattern switch makes a class at run time: LauncherIT in reservoir-cli).
 * The compiler no longer says when a chain misses a new member, so this does: a member added
 * here must be added to the chains named.
 */
class SealedFamiliesTest {

    private static List<Class<?>> members(Class<?> family) {
        return Arrays.asList(family.getPermittedSubclasses());
    }

    @Test
    void familiesToldApartByInstanceofChains() {
        assertThat(members(Reply.class))
                .as("RpcConnection.start")
                .containsExactlyInAnyOrder(Reply.Answer.class, Reply.Failure.class, Reply.Stream.class);
        assertThat(members(ContentBody.class))
                .as("ContentWriter.open and write, ContentMeter, ReadAnswer, ContentBody.openReader and openStream")
                .containsExactlyInAnyOrder(
                        ContentBody.Text.class,
                        ContentBody.Utf8Text.class,
                        ContentBody.Bytes.class,
                        ContentBody.TextStream.class,
                        ContentBody.BinaryStream.class);
        assertThat(members(Change.class))
                .as("SubscriptionHub.deliver, ChangeVersions.version")
                .containsExactlyInAnyOrder(Change.ResourceUpdated.class, Change.ListChanged.class);
        assertThat(members(UriSpace.class))
                .as("UriSpaces' constructor, ServeCommand.describe")
                .containsExactlyInAnyOrder(UriSpace.Prefixes.class, UriSpace.Holds.class);
        assertThat(members(Router.Owner.class))
                .as("Router's target, ResourceMethods' completion")
                .containsExactlyInAnyOrder(Router.HandlerOwner.class, Router.ProviderOwner.class);
    }
}
