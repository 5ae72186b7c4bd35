package dev.reservoir.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.core.uri.UriTemplateMatch;
import dev.reservoir.core.uri.UriTemplateTable;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ProviderTemplate;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
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
 * What every {@link ResourceProvider} (SPI v2) must do. Subclass it for a provider: return a
 * provider holding at least a few resources (at least one leaf) and, if it has collections, at
 * least one collection with children. The suite starts the provider as a server would, calls it
 * with a {@link RecordingContext} (so every cancellation callback it registers must be taken back
 * when its call returns), and serves a second one through a real server to check that its declared
 * space and templates route every listed URI back to it.
 */
public abstract class ResourceProviderContract extends ProviderCallsContract {

    @BeforeEach
    void setUpProvider() throws Exception {
        provider = createProvider();
        provider.start();
    }

    @AfterEach
    void closeProvider() {
        provider.close();
        assertThat(context.openRegistrations())
                .as("cancellation callbacks still registered after their calls returned")
                .isZero();
    }

    /** Every resource, by following cursors with the given page size. */
    @Override
    protected List<Resource> listAll(URI parent, int pageSize) {
        List<Resource> all = new ArrayList<>();
        String cursor = null;
        Set<String> cursors = new HashSet<>();
        do {
            Page<Resource> page = provider.list(new ListRequest(
                    parent, cursor, pageSize, parent == null ? null : match(parent.toString()), context));
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

    /** The metadata of a URI, asked as the server asks it (with the match of the provider's template, if one matches). */
    protected java.util.Optional<Metadata> metadata(String uri) {
        return provider.metadata(new ResourceRequest(URI.create(uri), match(uri), context));
    }

    /** A read of a URI with the default limits, asked as the server asks it. */
    protected ReadResult read(String uri) {
        return provider.read(new ReadRequest(URI.create(uri), match(uri), ReadOptions.DEFAULT, context));
    }

    @Override
    protected ReadResult read(String uri, dev.reservoir.server.spi.CallContext context) {
        return provider.read(new ReadRequest(URI.create(uri), match(uri), ReadOptions.DEFAULT, context));
    }

    /** The match the server would give the provider for the URI: of its most specific template that matches, or null. */
    protected UriTemplateMatch match(String uri) {
        UriTemplateTable<ProviderTemplate> table = new UriTemplateTable<>();
        for (ProviderTemplate template : provider.templates()) {
            table.register(
                    UriTemplate.parse(template.template().uriTemplate()).withValueCheck(template.check()), template);
        }
        return table.find(uri).map(UriTemplateTable.Hit::match).orElse(null);
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
            Resource meta = metadata(listed.uri())
                    .orElseThrow(() -> new AssertionError("no metadata for listed " + listed.uri()))
                    .resource();
            assertThat(meta.uri()).isEqualTo(listed.uri());
            assertThat(meta.name()).isEqualTo(listed.name());
            assertThat(meta.mimeType()).isEqualTo(listed.mimeType());
            assertThat(meta.isCollection()).isEqualTo(listed.isCollection());
        }
    }

    @Test
    void everyListedUriAndTemplateLiesInTheDeclaredSpace() {
        UriSpace space = provider.space();
        for (Resource listed : listAll(null, 100)) {
            assertThat(inSpace(space, listed.uri()))
                    .as("listed %s is in the provider's space %s", listed.uri(), space)
                    .isTrue();
        }
        if (space instanceof UriSpace.Prefixes prefixes) {
            for (ProviderTemplate template : provider.templates()) {
                String text = template.template().uriTemplate();
                String literal = text.indexOf('{') < 0 ? text : text.substring(0, text.indexOf('{'));
                assertThat(prefixes.prefixes().stream().anyMatch(p -> p.covers(literal)))
                        .as("template %s starts in %s", text, prefixes.prefixes())
                        .isTrue();
            }
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
            try (ReadResult result = read(listed.uri())) {
                assertThat(result.contents()).as("contents of %s", listed.uri()).isNotEmpty();
                for (ResourceContent content : result.contents()) {
                    assertThat(content.resource().uri()).isEqualTo(listed.uri());
                    drain(content.body());
                }
            }
        }
        assertThat(leaves).as("the provider under test must hold a leaf").isPositive();
    }

    /**
     * A read whose contents are never opened (an answer refused or dropped before it is written)
     * must give back what it took when its result is closed: read every leaf many times, close each
     * result unopened, and the provider must still read (a pool of connections or readers would be
     * exhausted otherwise). Closing twice is harmless.
     */
    @Test
    void readsClosedUnopenedGiveBackWhatTheyHeld() throws IOException {
        List<Resource> leaves =
                listAll(null, 100).stream().filter(r -> !r.collection()).toList();
        for (int round = 0; round < 12; round++) {
            for (Resource leaf : leaves.subList(0, Math.min(3, leaves.size()))) {
                ReadResult result = read(leaf.uri());
                result.close();
                result.close();
            }
        }
        try (ReadResult again = read(leaves.getFirst().uri())) {
            for (ResourceContent content : again.contents()) {
                drain(content.body());
            }
        }
    }

    @Test
    void collectionsListTheirChildrenAndLeavesHaveNone() {
        for (Resource listed : listAll(null, 100)) {
            List<Resource> children = listAll(URI.create(listed.uri()), 2);
            if (!listed.collection()) {
                assertThat(children).as("children of leaf %s", listed.uri()).isEmpty();
                continue;
            }
            // SEP-2093 does not ask that a child's URI start with its collection's.
            assertThat(children.stream().map(Resource::uri).distinct().count()).isEqualTo(children.size());
            for (Resource child : children) {
                assertThat(inSpace(provider.space(), child.uri())).isTrue();
            }
        }
    }

    @Test
    void missingResourcesAreNotFound() {
        URI missing = missingUri();
        assertThat(provider.metadata(new ResourceRequest(missing, null, context)))
                .isEmpty();
        assertThatThrownBy(() -> read(missing.toString())).isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> provider.list(new ListRequest(missing, null, 10, null, context)))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    /**
     * Served by a real server (a second provider of the same kind, started by the server), every
     * listed resource is routed to the provider by its declared space and templates: its metadata
     * and its read answer, with the URI asked for.
     */
    @Test
    void aServerRoutesEveryListedUriToTheProvider() throws Exception {
        try (McpServer server = McpServer.builder().provider(createProvider()).build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
            List<String> listed = new ArrayList<>();
            String cursor = null;
            do {
                JsonNode page = client.result(
                        "resources/list",
                        cursor == null ? TestClient.json("{}") : TestClient.json("{\"cursor\":\"" + cursor + "\"}"));
                page.get("resources").forEach(r -> listed.add(r.get("uri").asText()));
                cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
            } while (cursor != null);
            assertThat(listed).isNotEmpty();
            for (String uri : listed.subList(0, Math.min(40, listed.size()))) {
                JsonNode meta = client.result("resources/metadata", uriParams(uri));
                assertThat(meta.get("resource").get("uri").asText()).isEqualTo(uri);
                JsonNode read = client.result("resources/read", uriParams(uri));
                assertThat(read.get("contents")).as("contents of %s", uri).isNotEmpty();
            }
        }
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode uriParams(String uri) {
        com.fasterxml.jackson.databind.node.ObjectNode params = TestClient.json("{}");
        params.put("uri", uri);
        return params;
    }

    private static boolean inSpace(UriSpace space, String uri) {
        return switch (space) {
            case UriSpace.Prefixes p -> p.prefixes().stream().anyMatch((UriPrefix prefix) -> prefix.contains(uri));
            case UriSpace.Holds h -> h.holds().test(uri);
        };
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
