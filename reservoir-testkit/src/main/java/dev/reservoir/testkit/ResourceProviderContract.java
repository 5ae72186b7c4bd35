package dev.reservoir.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.ResourceProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ResourceProvider} must do. Subclass it for a provider: return a provider
 * holding at least a few resources (at least one leaf) and, if it has collections, at least one
 * collection with children.
 */
public abstract class ResourceProviderContract {

    protected ResourceProvider provider;

    /** A fresh provider with some resources. */
    protected abstract ResourceProvider createProvider() throws Exception;

    /** A URI the provider owns but has no resource for. */
    protected abstract URI missingUri();

    @BeforeEach
    void setUpProvider() throws Exception {
        provider = createProvider();
    }

    @AfterEach
    void closeProvider() {
        provider.close();
    }

    /** Every resource, by following cursors with the given page size. */
    protected List<Resource> listAll(URI parent, int pageSize) {
        List<Resource> all = new ArrayList<>();
        String cursor = null;
        Set<String> cursors = new HashSet<>();
        do {
            Page<Resource> page = provider.list(new ListRequest(parent, cursor, pageSize));
            assertThat(page.items().size()).as("page size").isLessThanOrEqualTo(pageSize);
            all.addAll(page.items());
            cursor = page.nextCursor();
            if (cursor != null) {
                assertThat(cursors.add(cursor))
                        .as("cursor %s came back twice", cursor)
                        .isTrue();
            }
        } while (cursor != null);
        return all;
    }

    @Test
    void listingPagesNeitherRepeatNorSkip() {
        List<Resource> whole = listAll(null, 10_000);
        assertThat(whole).as("the provider under test must hold resources").isNotEmpty();
        for (int pageSize : new int[] {1, 2, 3, 7}) {
            List<String> paged =
                    listAll(null, pageSize).stream().map(Resource::uri).toList();
            assertThat(paged)
                    .as("page size %d", pageSize)
                    .containsExactlyElementsOf(whole.stream().map(Resource::uri).toList());
        }
    }

    @Test
    void everyListedResourceHasMetadataThatAgrees() {
        for (Resource listed : listAll(null, 100)) {
            Resource meta = provider.metadata(URI.create(listed.uri()))
                    .orElseThrow(() -> new AssertionError("no metadata for listed " + listed.uri()));
            assertThat(meta.uri()).isEqualTo(listed.uri());
            assertThat(meta.name()).isEqualTo(listed.name());
            assertThat(meta.mimeType()).isEqualTo(listed.mimeType());
            assertThat(meta.isCollection()).isEqualTo(listed.isCollection());
        }
    }

    @Test
    void readingALeafReturnsOnlyItsOwnUri() throws IOException {
        int leaves = 0;
        for (Resource listed : listAll(null, 100)) {
            if (listed.collection()) {
                continue;
            }
            leaves++;
            ReadResult result = provider.read(URI.create(listed.uri()), ReadOptions.DEFAULT);
            assertThat(result.contents()).as("contents of %s", listed.uri()).isNotEmpty();
            for (ResourceContent content : result.contents()) {
                assertThat(content.resource().uri()).isEqualTo(listed.uri());
                drain(content.body());
            }
        }
        assertThat(leaves).as("the provider under test must hold a leaf").isPositive();
    }

    @Test
    void collectionsListTheirChildren() {
        for (Resource listed : listAll(null, 100)) {
            if (!listed.collection()) {
                continue;
            }
            String prefix = listed.uri().endsWith("/") ? listed.uri() : listed.uri() + "/";
            List<Resource> children = listAll(URI.create(listed.uri()), 2);
            for (Resource child : children) {
                assertThat(child.uri()).startsWith(prefix);
            }
            assertThat(children.stream().map(Resource::uri).distinct().count()).isEqualTo(children.size());
        }
    }

    @Test
    void missingResourcesAreNotFound() {
        URI missing = missingUri();
        assertThat(provider.metadata(missing)).isEmpty();
        assertThatThrownBy(() -> provider.read(missing, ReadOptions.DEFAULT))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    /** Reads a body to its end (streams must open and close cleanly). */
    protected static long drain(ContentBody body) throws IOException {
        long n = 0;
        if (body.isText()) {
            try (Reader reader = body.openReader()) {
                char[] buffer = new char[8192];
                for (int r; (r = reader.read(buffer)) >= 0; ) {
                    n += r;
                }
            }
        } else {
            try (InputStream in = body.openStream()) {
                byte[] buffer = new byte[8192];
                for (int r; (r = in.read(buffer)) >= 0; ) {
                    n += r;
                }
            }
        }
        return n;
    }
}
