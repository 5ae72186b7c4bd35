package dev.reservoir.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.UriSpace;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The parts of the provider contract seen from a server: what reaches a provider (only URIs of its
 * declared space, the request's deadline and client, the matched and decoded template variables),
 * how its failures reach the client, and its life (start, close). {@link ResourceProviderContract}
 * adds the calls a provider answers alone. A provider that cannot support a {@link Part} says so
 * with {@link #optOuts()} and a reason, which the test run reports.
 */
public abstract class ProviderCallsContract {

    /** The parts a provider may opt out of, with a reason. */
    public enum Part {
        /** Its templates get percent-decoded variables: needs {@link #templateSample()}. */
        TEMPLATE_VARIABLES,
        /** What a read holds is released when its stream ends, fails or is cancelled: counted by {@link #heldNow()}. */
        HELD_RELEASED
    }

    /** A URI one of the provider's templates matches, with a percent-encoded variable and its decoded value. */
    public record TemplateSample(String uri, String variable, String decoded) {}

    protected ResourceProvider provider;
    protected final RecordingContext context = new RecordingContext();

    /** A fresh provider with some resources, not started (the suite starts it). */
    protected abstract ResourceProvider createProvider() throws Exception;

    /** A URI the provider owns but has no resource for. */
    protected abstract URI missingUri();

    /** The parts this provider does not support, each with the reason. */
    protected Map<Part, String> optOuts() {
        return Map.of();
    }

    /** A URI of one of the provider's templates with an encoded variable; needed when it has templates. */
    protected Optional<TemplateSample> templateSample() {
        return Optional.empty();
    }

    /**
     * How many things the provider holds open now (files, cursors, readers), to see reads give
     * them back. By default the process's open file descriptors, which is what the folder and git
     * providers hold; a provider holding other things counts them.
     */
    protected long heldNow() throws Exception {
        try (var fds = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> !classLoading(fd)).count();
        }
    }

    /**
     * Whether a descriptor is the JVM's own, opened to load classes (a jar opened the first time
     * a class from it is needed, the runtime image): those stay open for good, and a first read
     * that needs a class from a new jar would otherwise look like a leak.
     */
    private static boolean classLoading(java.nio.file.Path fd) {
        try {
            String target = java.nio.file.Files.readSymbolicLink(fd).toString();
            return target.endsWith(".jar") || target.endsWith("/lib/modules") || target.endsWith(".jsa");
        } catch (java.io.IOException | UnsupportedOperationException e) {
            return false; // gone meanwhile (the listing's own descriptor): not held by a read
        }
    }

    /** Every resource, with the given page size. */
    protected abstract List<Resource> listAll(URI parent, int pageSize);

    /** A read of a URI with the default limits, asked as the server asks it, with this context. */
    protected abstract ReadResult read(String uri, dev.reservoir.server.spi.CallContext context);

    private void supported(Part part) {
        String reason = optOuts().get(part);
        Assumptions.assumeTrue(reason == null, () -> "opted out of " + part + ": " + reason);
    }

    private String firstLeaf() {
        return listAll(null, 100).stream()
                .filter(r -> !r.collection())
                .findFirst()
                .orElseThrow(() -> new AssertionError("the provider under test must hold a leaf"))
                .uri();
    }

    /** Serves {@code served} (started by the server) to a 2025-11-25 client without SEP-2093 (not found is -32002). */
    private static <T> T serve(ResourceProvider served, Function<TestClient, T> client) {
        try (McpServer server = McpServer.builder()
                        .provider(served)
                        .requestTimeout(Duration.ofSeconds(60))
                        .build();
                TestClient c = TestClient.connect(server).initialize(ProtocolRevision.LATEST_STATEFUL, false)) {
            return client.apply(c);
        }
    }

    private static ObjectNode uri(String uri) {
        ObjectNode params = TestClient.json("{}");
        params.put("uri", uri);
        return params;
    }

    /** URIs beside each declared prefix (another authority or a sibling path), and of another scheme. */
    private List<String> outside() {
        List<String> uris = new java.util.ArrayList<>(List.of("reservoir-contract-elsewhere://x/y"));
        if (provider.space() instanceof UriSpace.Prefixes p) {
            p.prefixes().forEach(prefix -> uris.add(prefix.toString().replaceAll("/+$", "") + "-elsewhere/a"));
        }
        return uris;
    }

    @Test
    void urisOutsideTheDeclaredSpaceNeverReachTheProvider() throws Exception {
        SpyProvider spy = new SpyProvider(createProvider());
        List<String> outside = outside();
        serve(spy, client -> {
            for (String uri : outside) {
                JsonNode error = client.error("resources/read", uri(uri));
                assertThat(error.get("code").asInt())
                        .as("read of %s: %s", uri, error)
                        .isEqualTo(-32002);
                assertThat(error.at("/data/uri").asText()).isEqualTo(uri);
                client.error("resources/metadata", uri(uri));
            }
            return null;
        });
        assertThat(spy.urisAsked()).as("URIs the provider was asked about").doesNotContainAnyElementsOf(outside);
    }

    @Test
    void everyCallCarriesTheRequestsDeadlineRevisionAndCapabilities() throws Exception {
        SpyProvider spy = new SpyProvider(createProvider());
        String leaf = firstLeaf();
        serve(spy, client -> client.result("resources/read", uri(leaf)));
        dev.reservoir.server.spi.CallContext seen = spy.lastRead().context();
        assertThat(seen.deadline()).as("the request's deadline").isPresent();
        assertThat(seen.revision()).isEqualTo(ProtocolRevision.LATEST_STATEFUL);
        assertThat(seen.sep2093()).as("the client did not opt into SEP-2093").isFalse();
        assertThat(seen.clientCapabilities().isObject()).isTrue();
    }

    @Test
    void templatesReceiveTheirMatchedVariablesPercentDecoded() throws Exception {
        if (provider.templates().isEmpty()) {
            return; // nothing to match: the provider has no templates
        }
        supported(Part.TEMPLATE_VARIABLES);
        TemplateSample sample = templateSample()
                .orElseThrow(() -> new AssertionError("the provider has templates: override templateSample() or"
                        + " opt out of TEMPLATE_VARIABLES with a reason"));
        SpyProvider spy = new SpyProvider(createProvider());
        serve(spy, client -> client.request("resources/read", uri(sample.uri())));
        ReadRequest asked = spy.lastRead();
        assertThat(asked.uri().toString()).isEqualTo(sample.uri());
        assertThat(asked.templateMatch().flatMap(m -> m.get(sample.variable())))
                .as("variable %s of %s", sample.variable(), sample.uri())
                .contains(sample.decoded());
    }

    @Test
    void providerFailuresReachTheClientWithTheirCodesAndTheUri() throws Exception {
        String leaf = firstLeaf();
        Map<ProviderException, Integer> codes = Map.of(
                ProviderException.invalid(leaf, "no such column: colour"), -32602,
                ProviderException.denied(leaf), -31001,
                ProviderException.tooLarge(leaf, 10, 5), -31000);
        for (var failure : codes.entrySet()) {
            SpyProvider failing = new SpyProvider(createProvider()).failingReadsWith(failure.getKey());
            JsonNode error = serve(failing, client -> client.error("resources/read", uri(leaf)));
            assertThat(error.get("code").asInt())
                    .as(failure.getKey().kind().toString())
                    .isEqualTo(failure.getValue());
            assertThat(error.get("message").asText())
                    .doesNotContain("Exception")
                    .doesNotContain("\tat ");
        }
        String missing = missingUri().toString();
        JsonNode notFound = serve(createProvider(), client -> client.error("resources/read", uri(missing)));
        assertThat(notFound.get("code").asInt()).isEqualTo(-32002);
        assertThat(notFound.at("/data/uri").asText()).isEqualTo(missing);
    }

    @Test
    void startAndCloseMayBeRepeatedAndCloseNeedsNoStart() throws Exception {
        ResourceProvider once = createProvider();
        assertThatCode(() -> {
                    once.start();
                    once.close();
                    once.close();
                    createProvider().close();
                })
                .doesNotThrowAnyException();
    }

    @Test
    void whatAReadHoldsIsReleasedWhenItsStreamEndsFailsOrIsCancelled() throws Exception {
        supported(Part.HELD_RELEASED);
        String leaf = firstLeaf();
        readOnce(leaf, context, Integer.MAX_VALUE); // caches warm: what stays open after one read is no leak
        long before = heldNow();
        readOnce(leaf, context, Integer.MAX_VALUE);
        assertThat(heldNow()).as("held after a stream ended").isEqualTo(before);
        readOnce(leaf, context, 1);
        assertThat(heldNow()).as("held after a stream failed part-way").isEqualTo(before);
        RecordingContext cancelled =
                new RecordingContext(Duration.ofMinutes(1), ProtocolRevision.LATEST_STATEFUL, true);
        try (ReadResult result = read(leaf, cancelled)) {
            for (var content : result.contents()) {
                try (java.io.Closeable in = open(content.body())) {
                    cancelled.cancel();
                    unit(in);
                } catch (java.io.IOException e) {
                    // a cancelled stream may fail: what matters is what it gave back
                }
            }
        } catch (ProviderException e) {
            assertThat(e.kind()).isIn(ProviderException.Kind.CANCELLED, ProviderException.Kind.TIMED_OUT);
        }
        assertThat(heldNow()).as("held after a cancelled read").isEqualTo(before);
        assertThat(cancelled.openRegistrations()).isZero();
    }

    /** Reads a URI, opening each content and reading at most {@code units} bytes or chars of it. */
    private void readOnce(String uri, dev.reservoir.server.spi.CallContext context, int units) throws Exception {
        try (ReadResult result = read(uri, context)) {
            for (var content : result.contents()) {
                try (java.io.Closeable in = open(content.body())) {
                    for (int i = 0; i < units && unit(in) >= 0; i++) {
                        // reads one byte or char
                    }
                }
            }
        }
    }

    private static java.io.Closeable open(dev.reservoir.server.spi.ContentBody body) throws java.io.IOException {
        return body.isText() ? body.openReader() : body.openStream();
    }

    private static int unit(java.io.Closeable in) throws java.io.IOException {
        return in instanceof java.io.Reader reader ? reader.read() : ((java.io.InputStream) in).read();
    }
}
