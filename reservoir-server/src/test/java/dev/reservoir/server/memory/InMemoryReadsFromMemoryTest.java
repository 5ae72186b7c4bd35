package dev.reservoir.server.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ResourceContent;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of its reads {@link InMemoryProvider} says it answers from memory. */
class InMemoryReadsFromMemoryTest {

    private final InMemoryProvider provider = InMemoryProvider.create();

    private static Resource resource(String uri) {
        return Resource.builder(uri, uri).build();
    }

    @Test
    void textsAndBytesUpTo256KibAreReadFromMemory() {
        provider.put(resource("mem://text"), ContentBody.text("hello"));
        provider.put(resource("mem://bytes"), ContentBody.bytes(new byte[256 * 1024]));
        provider.put(
                resource("mem://two"),
                List.of(
                        new ResourceContent(resource("mem://two"), ContentBody.text("a")),
                        new ResourceContent(resource("mem://two"), ContentBody.bytes(new byte[] {1}))));
        assertThat(provider.readsFromMemory("mem://text")).isTrue();
        assertThat(provider.readsFromMemory("mem://bytes")).isTrue();
        assertThat(provider.readsFromMemory("mem://two")).isTrue();
        assertThat(provider.readsFromMemory("mem://absent"))
                .as("refused at once")
                .isTrue();
    }

    @Test
    void largeContentStreamsAndCollectionsAreNot() {
        provider.put(resource("mem://big"), ContentBody.bytes(new byte[256 * 1024 + 1]));
        // A text counts three bytes a character (its UTF-8 at most).
        provider.put(resource("mem://long-text"), ContentBody.text("x".repeat(90_000)));
        provider.put(
                resource("mem://stream"),
                ContentBody.binaryStream(() -> new ByteArrayInputStream(new byte[] {1, 2}), 2));
        provider.put(Resource.builder("mem://dir/", "dir").isCollection(true).build(), ContentBody.text(""));
        assertThat(provider.readsFromMemory("mem://big")).isFalse();
        assertThat(provider.readsFromMemory("mem://long-text")).isFalse();
        assertThat(provider.readsFromMemory("mem://stream")).isFalse();
        assertThat(provider.readsFromMemory("mem://dir/")).isFalse();
    }
}
