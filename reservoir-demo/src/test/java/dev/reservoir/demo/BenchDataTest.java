package dev.reservoir.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BenchDataTest {

    /** The texts as the dataset has always defined them (and the Java SDK peer serves them). */
    private static String expected(int i, int version) {
        StringBuilder filler = new StringBuilder();
        IntStream.range(0, 1024).forEach(k -> filler.append((char) ('a' + k % 26)));
        String prefix = "bench text " + i + " v" + version + " ";
        return prefix + filler.substring(prefix.length());
    }

    @Test
    void aTextIsItsPrefixThenTheFillerIn1024AsciiCharacters() {
        int[] numbers = {0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456, Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (int i : numbers) {
            for (int version : numbers) {
                String text = BenchData.text(i, version);
                assertThat(text).hasSize(1024).isEqualTo(expected(i, version));
                assertThat(BenchData.utf8(i, version))
                        .isEqualTo(expected(i, version).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        assertThat(BenchData.text(3, -1)).isEqualTo(expected(3, -1));
    }

    @Test
    void aListingGivesEveryTextInOrderThenTheBlobsInUriOrderWhateverThePageSize() {
        BenchData data = new BenchData(5);
        for (int limit : new int[] {1, 2, 5, 6, 7, 100}) {
            List<String> uris = new ArrayList<>();
            List<Long> sizes = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                assertThat(++pages).as("pages at limit %d", limit).isLessThanOrEqualTo(7);
                Page<Resource> page = data.list(new ListRequest(null, cursor, limit));
                assertThat(page.items()).hasSizeLessThanOrEqualTo(limit);
                page.items().forEach(r -> {
                    uris.add(r.uri());
                    sizes.add(r.size());
                });
                cursor = page.nextCursor();
            } while (cursor != null);
            assertThat(uris)
                    .as("limit %d", limit)
                    .containsExactly(
                            "bench://text/0",
                            "bench://text/1",
                            "bench://text/2",
                            "bench://text/3",
                            "bench://text/4",
                            "bench://blob/100MiB",
                            "bench://blob/1MiB");
            assertThat(sizes).containsExactly(1024L, 1024L, 1024L, 1024L, 1024L, 100L << 20, 1L << 20);
        }
    }

    @Test
    void aTextIsReadOnlyByTheUriItIsListedUnderOthersAreNotFound() {
        BenchData data = new BenchData(20);
        for (String listed : new String[] {"bench://text/0", "bench://text/7", "bench://text/19"}) {
            assertThat(data.read(ReadRequest.of(URI.create(listed), ReadOptions.DEFAULT))
                            .contents()
                            .getFirst()
                            .resource()
                            .uri())
                    .isEqualTo(listed);
            assertThat(data.metadata(ResourceRequest.of(URI.create(listed)))).isPresent();
        }
        for (String other : new String[] {
            "bench://text/07",
            "bench://text/00",
            "bench://text/+7",
            "bench://text/-0",
            "bench://text/20",
            "bench://text/",
            "bench://text/1x",
            "bench://text/4294967303",
            "bench://text/99999999999"
        }) {
            assertThatThrownBy(() -> data.read(ReadRequest.of(URI.create(other), ReadOptions.DEFAULT)))
                    .as(other)
                    .isInstanceOf(ResourceNotFoundException.class);
            assertThat(data.metadata(ResourceRequest.of(URI.create(other))))
                    .as(other)
                    .isEmpty();
        }
    }
}
