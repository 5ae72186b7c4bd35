package dev.reservoir.testkit.server;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Icon;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.model.Role;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** Servers for the protocol tests. */
final class Fixtures {

    static final String TEXT = "Hello, resources.";
    static final byte[] BYTES = {0, 1, 2, (byte) 0xff, 'M', 'C', 'P'};
    static final Instant MODIFIED = Instant.parse("2025-01-12T15:00:58Z");

    private Fixtures() {}

    /** A provider with n items demo://items/0001.. and a collection demo://dir/ with three children. */
    static InMemoryProvider items(int n) {
        InMemoryProvider provider = InMemoryProvider.create();
        for (int i = 1; i <= n; i++) {
            String id = String.format(Locale.ROOT, "%04d", i);
            provider.put(
                    Resource.builder("demo://items/" + id, "item-" + id)
                            .mimeType("text/plain")
                            .isCollection(false)
                            .build(),
                    ContentBody.text("item " + id));
        }
        provider.put(
                Resource.builder("demo://dir/", "dir")
                        .mimeType("inode/directory")
                        .isCollection(true)
                        .build(),
                ContentBody.text(""));
        for (String child : List.of("a.txt", "b.txt", "c.txt")) {
            provider.put(
                    Resource.builder("demo://dir/" + child, child)
                            .mimeType("text/plain")
                            .isCollection(false)
                            .build(),
                    ContentBody.text("child " + child));
        }
        return provider;
    }

    static McpServerBuilder builder(InMemoryProvider provider) {
        return McpServer.builder()
                .serverInfo("fixture", "1.0")
                .pageSize(10)
                .requestTimeout(Duration.ofSeconds(2))
                .resource(
                        Resource.builder("test://text", "text")
                                .title("Some text")
                                .description("A text resource")
                                .mimeType("text/plain")
                                .size((long) TEXT.length())
                                .icons(List.of(
                                        new Icon("https://example.com/i.png", "image/png", List.of("48x48"), "light")))
                                .annotations(new Annotations(List.of(Role.USER), 0.8, MODIFIED))
                                .isCollection(false)
                                .build(),
                        TEXT)
                .resource(
                        Resource.builder("test://bytes", "bytes")
                                .mimeType("application/octet-stream")
                                .isCollection(false)
                                .build(),
                        ContentBody.bytes(BYTES))
                .template(
                        ResourceTemplate.builder("test://greeting/{name}", "greeting")
                                .title("Greeting")
                                .mimeType("text/plain")
                                .build(),
                        request -> {
                            String name = request.variable("name");
                            if (name.equals("nobody")) {
                                throw new ResourceNotFoundException(
                                        request.uri().toString());
                            }
                            return ReadResult.of(
                                    Resource.builder(request.uri().toString(), "greeting-" + name)
                                            .mimeType("text/plain")
                                            .build(),
                                    ContentBody.text("Hello, " + name + "!"));
                        },
                        request -> Completion.of(
                                request.context().containsKey("lang")
                                        ? List.of("bonjour", "bonsoir")
                                        : List.of("alice", "bob", "carol"),
                                request.value()))
                .template(
                        ResourceTemplate.builder("test://files/{+path}", "files")
                                .build(),
                        request -> ReadResult.of(
                                Resource.builder(request.uri().toString(), request.variable("path"))
                                        .mimeType("text/plain")
                                        .build(),
                                ContentBody.text("file " + request.variable("path"))))
                .template(
                        ResourceTemplate.builder("test://broken/{id}", "broken").build(), request -> {
                            throw new IllegalStateException("secret database password is hunter2");
                        })
                .template(ResourceTemplate.builder("test://slow/{ms}", "slow").build(), request -> {
                    try {
                        Thread.sleep(Long.parseLong(request.variable("ms")));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted");
                    }
                    return ReadResult.of(
                            Resource.builder(request.uri().toString(), "slow").build(), ContentBody.text("done"));
                })
                .provider(provider);
    }

    static McpServer server() {
        return builder(items(25)).build();
    }
}
