package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.uri.UriValidator;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.testkit.TestClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every URI of traversal-corpus.txt is "not found" through every provider method and through the
 * server, and nothing outside the root is read: a canary file keeps its old access time, and a
 * FIFO canary (whose opening would block) never hangs a call.
 */
class TraversalCorpusTest {

    private static final FileTime LONG_AGO = FileTime.from(Instant.parse("2001-01-01T00:00:00Z"));
    private static final Duration BUDGET = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private Path root;
    private Path canary;
    private FileSystemProvider fs;
    private String rootUri;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(dir.resolve("root"));
        canary = Fixtures.write(dir, "secret.txt", "CANARY outside the root\n");
        Files.setLastModifiedTime(canary, FileTime.from(Instant.parse("2000-01-01T00:00:00Z")));
        Files.setAttribute(canary, "lastAccessTime", LONG_AGO);
        assumeTrue(Fixtures.mkfifo(dir.resolve("secret-fifo")), "mkfifo is needed for the FIFO canaries");
        assumeTrue(Fixtures.mkfifo(root.resolve("fifo")), "mkfifo is needed for the FIFO canaries");
        Fixtures.write(root, "visible.txt", "visible\n");
        Fixtures.write(root, "sub/inner.txt", "inner\n");
        Fixtures.write(root, ".env", "TOKEN=hidden\n");
        Fixtures.write(root, ".gitignore", "ignored.log\nbuild/\n");
        Fixtures.write(root, "ignored.log", "ignored\n");
        Fixtures.write(root, "build/out.txt", "built\n");
        Fixtures.write(root, ".git/config", "[core]\n");
        Fixtures.write(root, ".git/HEAD", "ref: refs/heads/main\n");
        Fixtures.write(root, ".git/info/exclude", "excluded-by-info.txt\n");
        Fixtures.write(root, "excluded-by-info.txt", "excluded\n");
        Files.createSymbolicLink(root.resolve("escape"), Path.of(".."));
        Files.createSymbolicLink(root.resolve("secretlink"), Path.of("../secret.txt"));
        Files.createSymbolicLink(root.resolve("fifolink"), Path.of("../secret-fifo"));
        Files.createSymbolicLink(root.resolve("abslink"), Path.of("/etc/passwd"));
        Files.createSymbolicLink(root.resolve("gitlink"), Path.of(".git/config"));
        Files.createSymbolicLink(root.resolve("hiddenlink"), Path.of(".env"));
        Files.createSymbolicLink(root.resolve("ignoredlink"), Path.of("ignored.log"));
        Files.createSymbolicLink(root.resolve("loop"), Path.of("."));
        Files.createSymbolicLink(root.resolve("sub/up"), Path.of(".."));
        fs = FileSystemProvider.builder().root(root).build();
        rootUri = fs.rootUris().getFirst().toString();
    }

    @AfterEach
    void tearDown() throws IOException {
        fs.close();
        assertThat(Files.readAttributes(canary, BasicFileAttributes.class).lastAccessTime())
                .as("the canary outside the root was read")
                .isEqualTo(LONG_AGO);
    }

    @Test
    void theCorpusHoldsAtLeast200HostileUris() throws IOException {
        assertThat(corpus()).hasSizeGreaterThanOrEqualTo(200).doesNotHaveDuplicates();
    }

    @Test
    void theFixtureIsServedWhereItShouldBe() {
        // Guards against a vacuous pass: the same root answers for what it does have.
        assertThat(fs.metadata(ResourceRequest.of(URI.create(rootUri + "/visible.txt")))
                        .map(Metadata::resource))
                .isPresent();
        assertThat(fs.metadata(ResourceRequest.of(URI.create(rootUri + "/sub/inner.txt")))
                        .map(Metadata::resource))
                .isPresent();
        List<String> listed = new ArrayList<>();
        String cursor = null;
        do {
            Page<Resource> page = fs.list(new ListRequest(null, cursor, 3));
            page.items().forEach(r -> listed.add(r.uri()));
            cursor = page.nextCursor();
        } while (cursor != null);
        assertThat(listed)
                .containsExactly(rootUri, rootUri + "/visible.txt", rootUri + "/sub", rootUri + "/sub/inner.txt");
    }

    @Test
    void everyHostileUriIsNotFoundEverywhereAndReadsNothing() {
        assertTimeoutPreemptively(BUDGET, () -> {
            int reachedProvider = 0;
            for (String line : corpus()) {
                String text = expand(line);
                URI uri;
                try {
                    uri = new URI(text);
                } catch (java.net.URISyntaxException e) {
                    continue; // java.net.URI refuses it, so it cannot reach a provider (the server test sends it)
                }
                reachedProvider++;
                assertThat(fs.metadata(ResourceRequest.of(uri)).map(Metadata::resource))
                        .as("metadata of %s", text)
                        .isEmpty();
                assertThatThrownBy(() -> fs.read(ReadRequest.of(uri, ReadOptions.DEFAULT)))
                        .as("read of %s", text)
                        .isInstanceOf(ResourceNotFoundException.class);
                assertThatThrownBy(() -> fs.list(new ListRequest(uri, null, 10)))
                        .as("list of %s", text)
                        .isInstanceOf(ResourceNotFoundException.class);
                assertThatThrownBy(() -> fs.watch(uri, new ChangeRecorder()))
                        .as("watch of %s", text)
                        .isInstanceOf(ResourceNotFoundException.class);
            }
            assertThat(reachedProvider).isGreaterThanOrEqualTo(200);
        });
    }

    @Test
    void completingHostileValuesOffersNothing() {
        String template = fs.templates().getFirst().template().uriTemplate();
        assertTimeoutPreemptively(BUDGET, () -> {
            int asked = 0;
            for (String line : corpus()) {
                String text = expand(line);
                if (!text.startsWith(rootUri + "/")) {
                    continue;
                }
                String raw = text.substring(rootUri.length() + 1);
                List<String> values = new ArrayList<>(List.of(raw));
                String upper = raw.toUpperCase(Locale.ROOT);
                // Decoded, an encoded slash is just a slash: such a value is an ordinary path.
                if (!upper.contains("%2F") && !upper.contains("%5C")) {
                    try {
                        values.add(UriValidator.percentDecode(raw));
                    } catch (IllegalArgumentException e) {
                        // not decodable: only the raw value is tried
                    }
                }
                for (String value : values) {
                    Completion completion = fs.complete(new CompletionRequest(template, "path", value, Map.of()));
                    assertThat(completion.values())
                            .as("completion of '%s'", value)
                            .isEmpty();
                    asked++;
                }
            }
            assertThat(asked).isGreaterThan(200);
        });
    }

    @Test
    void theServerAnswersEveryHostileUriWithAnError() {
        McpServer server = McpServer.builder().provider(fs).build();
        assertTimeoutPreemptively(BUDGET, () -> {
            try (TestClient client = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, true)) {
                for (String line : corpus()) {
                    String text = expand(line);
                    for (String method : List.of(
                            McpMethod.RESOURCES_READ.wire(),
                            McpMethod.RESOURCES_METADATA.wire(),
                            McpMethod.RESOURCES_LIST.wire())) {
                        ObjectNode params = TestClient.json("{}").put("uri", text);
                        JsonNode response = client.request(method, params);
                        assertThat(response.has("error"))
                                .as("%s %s -> %s", method, text, response)
                                .isTrue();
                        assertThat(response.toString()).doesNotContain("CANARY");
                    }
                }
            }
        });
    }

    private String expand(String line) {
        String rootPath = rootUri.substring("file://".length());
        String parent = rootUri.substring(0, rootUri.lastIndexOf('/'));
        return line.replace("{rootpath}", rootPath).replace("{root}", rootUri).replace("{parent}", parent);
    }

    static List<String> corpus() throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                TraversalCorpusTest.class.getResourceAsStream("traversal-corpus.txt"), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }
}
