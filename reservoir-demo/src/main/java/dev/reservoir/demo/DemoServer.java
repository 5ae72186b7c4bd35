package dev.reservoir.demo;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.CacheScope;
import dev.reservoir.core.model.Icon;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.model.Role;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fixed demo set of {@code reservoir serve --demo}: the resources the official conformance
 * suite reads, a collection, 1,000 text resources to page through, a 4 MiB blob, and templates
 * with completion. One resource changes every few seconds, for subscriptions.
 */
public final class DemoServer implements AutoCloseable {

    public static final String STATIC_TEXT = "This is the content of the static text resource.";
    public static final String WATCHED = "test://watched-resource";
    public static final int ITEM_COUNT = 1000;
    /**
     * The large blob: 4 MiB, whose answer (5.3 MiB of base64) fits the message size that every
     * official SDK client reads over stdio (the TypeScript SDK's is 10 MiB; the server's limit, 8 MiB).
     */
    public static final String BLOB_URI = "demo://blob/large";

    public static final long BLOB_SIZE = 4L << 20;

    static final Map<String, String> COLORS = Map.ofEntries(
            Map.entry("amber", "#ffbf00"),
            Map.entry("azure", "#007fff"),
            Map.entry("beige", "#f5f5dc"),
            Map.entry("black", "#000000"),
            Map.entry("blue", "#0000ff"),
            Map.entry("brown", "#a52a2a"),
            Map.entry("crimson", "#dc143c"),
            Map.entry("cyan", "#00ffff"),
            Map.entry("gold", "#ffd700"),
            Map.entry("gray", "#808080"),
            Map.entry("green", "#008000"),
            Map.entry("indigo", "#4b0082"),
            Map.entry("ivory", "#fffff0"),
            Map.entry("lavender", "#e6e6fa"),
            Map.entry("lime", "#00ff00"),
            Map.entry("magenta", "#ff00ff"),
            Map.entry("maroon", "#800000"),
            Map.entry("navy", "#000080"),
            Map.entry("olive", "#808000"),
            Map.entry("orange", "#ffa500"),
            Map.entry("pink", "#ffc0cb"),
            Map.entry("purple", "#800080"),
            Map.entry("red", "#ff0000"),
            Map.entry("silver", "#c0c0c0"),
            Map.entry("teal", "#008080"),
            Map.entry("violet", "#ee82ee"),
            Map.entry("white", "#ffffff"),
            Map.entry("yellow", "#ffff00"));

    /** The colours listed in {@code resources/list} (the template reads every one of {@link #COLORS}). */
    static final List<String> LISTED_COLORS = List.of("red", "green", "blue");

    private final InMemoryProvider live = InMemoryProvider.create();
    private final ScheduledExecutorService ticker;
    private final AtomicLong version = new AtomicLong();
    private final Clock clock;

    /**
     * @param changeEvery how often the watched resource changes (zero: never on its own)
     */
    public DemoServer(Duration changeEvery, Clock clock) {
        this.clock = clock;
        touchWatched();
        addCollection();
        addItems();
        if (changeEvery.isZero()) {
            ticker = null;
        } else {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "demo-ticker");
                t.setDaemon(true);
                return t;
            });
            ticker.scheduleAtFixedRate(
                    this::touchWatched, changeEvery.toMillis(), changeEvery.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Adds the demo set to a server builder. */
    public McpServerBuilder configure(McpServerBuilder builder) {
        // Pages of 100: the demo's thousand resources are there to be paged through (a server's
        // default page would hold them all in one answer).
        builder.instructions("Reservoir demo server: static, binary, templated, live and paginated resources.")
                .pageSize(100)
                .cacheHint(CacheHint.of(Duration.ofSeconds(30), CacheScope.PUBLIC))
                .resource(
                        Resource.builder("test://static-text", "static-text")
                                .title("Static text")
                                .description("A fixed text resource")
                                .mimeType("text/plain")
                                .size((long) STATIC_TEXT.length())
                                .annotations(new Annotations(
                                        List.of(Role.USER, Role.ASSISTANT), 0.9, Instant.parse("2025-01-12T15:00:58Z")))
                                .icons(List.of(new Icon(
                                        "data:image/png;base64,"
                                                + java.util.Base64.getEncoder().encodeToString(DemoImages.png()),
                                        "image/png",
                                        List.of("16x16"),
                                        null)))
                                .isCollection(false)
                                .build(),
                        STATIC_TEXT)
                .resource(
                        Resource.builder("test://static-binary", "static-binary")
                                .title("Static binary")
                                .description("A small PNG image")
                                .mimeType("image/png")
                                .size((long) DemoImages.png().length)
                                .isCollection(false)
                                .build(),
                        ContentBody.bytes(DemoImages.png()))
                .resource(
                        Resource.builder(BLOB_URI, "large.bin")
                                .title("A 4 MiB blob")
                                .description("4 MiB of deterministic pseudo-random bytes, streamed")
                                .mimeType("application/octet-stream")
                                .size(BLOB_SIZE)
                                .annotations(new Annotations(List.of(Role.USER), 0.1, null))
                                .isCollection(false)
                                .build(),
                        ContentBody.binaryStream(() -> new PseudoRandomStream(42, BLOB_SIZE), BLOB_SIZE));
        // Hosts show only listed resources: the colour template lists a few of its instances.
        for (String name : LISTED_COLORS) {
            builder.resource(color(name), colorText(name));
        }
        builder.template(
                        ResourceTemplate.builder("test://template/{id}/data", "template-data")
                                .title("Template data")
                                .description("JSON data for any id")
                                .mimeType("application/json")
                                .build(),
                        request -> {
                            String id = request.variable("id");
                            var json = JsonNodeFactory.instance
                                    .objectNode()
                                    .put("id", id)
                                    .put("templateTest", true)
                                    .put("data", "Data for ID: " + id);
                            return ReadResult.of(
                                    Resource.builder(request.uri().toString(), "data-" + id)
                                            .mimeType("application/json")
                                            .isCollection(false)
                                            .build(),
                                    ContentBody.text(json.toString()));
                        },
                        request -> Completion.of(
                                java.util.stream.IntStream.rangeClosed(100, 199)
                                        .mapToObj(Integer::toString)
                                        .toList(),
                                request.value()))
                .template(
                        ResourceTemplate.builder("demo://colors/{name}", "color")
                                .title("Colors")
                                .description("The hex code of a named color")
                                .mimeType("text/plain")
                                .build(),
                        request -> {
                            String name = request.variable("name").toLowerCase(Locale.ROOT);
                            if (!COLORS.containsKey(name)) {
                                throw new ResourceNotFoundException(
                                        request.uri().toString());
                            }
                            return ReadResult.of(
                                    Resource.builder(request.uri().toString(), name)
                                            .title("Color " + name)
                                            .mimeType("text/plain")
                                            .isCollection(false)
                                            .build(),
                                    ContentBody.text(colorText(name)));
                        },
                        request ->
                                Completion.of(COLORS.keySet().stream().sorted().toList(), request.value()))
                .provider(live);
        return builder;
    }

    private static Resource color(String name) {
        return Resource.builder("demo://colors/" + name, name)
                .title("Color " + name)
                .description("The hex code of " + name + " (demo://colors/{name} has " + COLORS.size() + " colours)")
                .mimeType("text/plain")
                .size((long) colorText(name).length())
                .isCollection(false)
                .build();
    }

    private static String colorText(String name) {
        return name + " is " + COLORS.get(name);
    }

    /** Changes the watched resource now (subscribers hear about it). */
    public void touchWatched() {
        long v = version.incrementAndGet();
        Instant now = clock.instant();
        String text = "Watched resource, version " + v + ", changed at " + now;
        live.put(
                Resource.builder(WATCHED, "watched-resource")
                        .title("Watched resource")
                        .description("Changes every few seconds; subscribe to hear about it")
                        .mimeType("text/plain")
                        .size((long) text.length())
                        .annotations(new Annotations(List.of(), 0.5, now))
                        .isCollection(false)
                        .build(),
                ContentBody.text(text));
    }

    private void addCollection() {
        Instant when = Instant.parse("2026-01-01T00:00:00Z");
        live.put(dir("demo://collection/", "collection", when), ContentBody.text(""));
        live.put(dir("demo://collection/nested/", "nested", when), ContentBody.text(""));
        file(
                "demo://collection/readme.md",
                "readme.md",
                "text/markdown",
                "# A collection\n\nThree files and a folder.\n",
                when);
        file("demo://collection/data.json", "data.json", "application/json", "{\"answer\":42}", when);
        file("demo://collection/notes.txt", "notes.txt", "text/plain", "Collections are like folders.\n", when);
        file("demo://collection/nested/deep.txt", "deep.txt", "text/plain", "One level down.\n", when);
    }

    private static Resource dir(String uri, String name, Instant when) {
        return Resource.builder(uri, name)
                .title(name)
                .mimeType("inode/directory")
                .annotations(new Annotations(List.of(), null, when))
                .isCollection(true)
                .build();
    }

    private void file(String uri, String name, String mime, String text, Instant when) {
        live.put(
                Resource.builder(uri, name)
                        .title(name)
                        .mimeType(mime)
                        .size((long) text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                        .annotations(new Annotations(List.of(), null, when))
                        .isCollection(false)
                        .build(),
                ContentBody.text(text));
    }

    private void addItems() {
        for (int i = 1; i <= ITEM_COUNT; i++) {
            String id = String.format(Locale.ROOT, "%04d", i);
            String text = "Item " + id + ": one of " + ITEM_COUNT + " text resources to page through.\n";
            live.put(
                    Resource.builder("demo://items/" + id, "item-" + id)
                            .title("Item " + i)
                            .mimeType("text/plain")
                            .size((long) text.length())
                            .annotations(new Annotations(List.of(Role.ASSISTANT), (i % 10) / 10.0, null))
                            .isCollection(false)
                            .build(),
                    ContentBody.text(text));
        }
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }
}
