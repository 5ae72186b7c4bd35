package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.testkit.RecordingContext;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** History walks end when their request is cancelled or timed out, instead of running for nobody. */
class CancelledWalksTest {

    @TempDir
    Path dir;

    @Test
    void aLogOfACancelledRequestStopsAndSaysSo() throws Exception {
        TestRepo git = history();
        try (GitProvider provider = git.provider()) {
            RecordingContext context = new RecordingContext();
            context.cancel();
            assertThatThrownBy(() -> provider.read(
                            new ReadRequest(URI.create("git://repo/log/main"), null, ReadOptions.DEFAULT, context)))
                    .isInstanceOfSatisfying(ProviderException.class, e -> assertThat(e.kind())
                            .isEqualTo(ProviderException.Kind.CANCELLED));
            assertThat(context.openRegistrations()).isZero();
            // The same read of a live request walks to its end.
            assertThat(provider.read(new ReadRequest(
                                    URI.create("git://repo/log/main"),
                                    null,
                                    ReadOptions.DEFAULT,
                                    new RecordingContext()))
                            .contents())
                    .isNotEmpty();
        }
    }

    @Test
    void theLastChangeOfAPathIsNotSoughtForACancelledRequest() throws Exception {
        TestRepo git = history();
        try (GitProvider provider = git.provider()) {
            RecordingContext context = new RecordingContext();
            context.cancel();
            URI uri = URI.create("git://repo/tree/main/a.txt");
            assertThatThrownBy(() -> provider.metadata(new ResourceRequest(uri, null, context)))
                    .isInstanceOf(ProviderException.class);
            assertThat(provider.metadata(new ResourceRequest(uri, null, new RecordingContext())))
                    .isPresent();
        }
    }

    private TestRepo history() throws Exception {
        TestRepo git = TestRepo.init(dir.resolve("repo"));
        for (int i = 0; i < 5; i++) {
            git.write("a.txt", "a" + i + "\n").write("b.txt", "b" + i + "\n").commit("change " + i);
        }
        return git;
    }
}
