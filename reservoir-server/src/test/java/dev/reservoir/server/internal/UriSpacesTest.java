package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which provider a URI belongs to, by its declared prefix: with few schemes (compared in place) and many. */
class UriSpacesTest {

    private record Declaring(String name, UriPrefix prefix) implements ResourceProvider {
        @Override
        public UriSpace space() {
            return UriSpace.of(prefix);
        }

        @Override
        public Page<Resource> list(ListRequest request) {
            return Page.last(List.of());
        }

        @Override
        public Optional<Metadata> metadata(ResourceRequest request) {
            return Optional.empty();
        }

        @Override
        public ReadResult read(ReadRequest request) {
            throw new UnsupportedOperationException();
        }
    }

    /** {@code extra} schemes beside the ones under test: 0 compares schemes in place, 20 looks them up. */
    @ParameterizedTest
    @ValueSource(ints = {0, 20})
    void aUriBelongsToTheProviderOfItsSchemeInAnyCase(int extra) {
        Declaring git = new Declaring("git", UriPrefix.scheme("git"));
        Declaring gitx = new Declaring("gitx", UriPrefix.scheme("gitx"));
        Declaring docs = new Declaring("docs", UriPrefix.parse("file:///home/me/docs"));
        Declaring notes = new Declaring("notes", UriPrefix.parse("file:///home/me/notes"));
        List<ResourceProvider> providers = new ArrayList<>(List.of(git, gitx, docs, notes));
        IntStream.range(0, extra).forEach(i -> providers.add(new Declaring("s" + i, UriPrefix.scheme("s" + i))));
        UriSpaces spaces = new UriSpaces(providers);

        assertThat(spaces.declaredOwner("git://app/a")).isSameAs(git);
        assertThat(spaces.declaredOwner("GIT://app/a")).isSameAs(git);
        assertThat(spaces.declaredOwner("Gitx://app/a")).isSameAs(gitx);
        assertThat(spaces.declaredOwner("gi://app/a")).isNull();
        assertThat(spaces.declaredOwner("gitxy://app/a")).isNull();
        assertThat(spaces.declaredOwner("file:///home/me/docs/a.md")).isSameAs(docs);
        assertThat(spaces.declaredOwner("FILE:///home/me/notes/b.md")).isSameAs(notes);
        assertThat(spaces.declaredOwner("file:///home/me/other/c.md")).isNull();
        assertThat(spaces.declaredOwner("no-colon")).isNull();
        assertThat(spaces.declaredOwner(":///x")).isNull();
        if (extra > 0) {
            assertThat(spaces.declaredOwner("S7://x")).isSameAs(providers.get(4 + 7));
        }
    }
}
