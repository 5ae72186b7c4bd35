package dev.reservoir.provider.fs;

import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.testkit.ResourceProviderContract;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The provider contract, run against two roots holding files, folders and an empty folder. */
class FileSystemProviderContractTest extends ResourceProviderContract {

    @TempDir
    Path dir;

    private FileSystemProvider fs;

    @Override
    protected ResourceProvider createProvider() throws Exception {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("a.txt"), "alpha\n");
        Files.writeString(docs.resolve("b.md"), "# bravo\n");
        Files.writeString(docs.resolve("c d%.txt"), "charlie\n");
        Files.createDirectories(docs.resolve("sub/deeper"));
        Files.writeString(docs.resolve("sub/c.json"), "{\"c\": 1}\n");
        Files.write(docs.resolve("sub/deeper/d.bin"), new byte[] {0, 1, 2, 3, (byte) 0xff});
        Files.createDirectories(docs.resolve("empty"));
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.writeString(src.resolve("Main.java"), "class Main {}\n");
        fs = FileSystemProvider.builder().root(docs).root(src).build();
        return fs;
    }

    @Override
    protected java.util.Optional<TemplateSample> templateSample() {
        return java.util.Optional.of(
                new TemplateSample(fs.rootUris().getFirst() + "/c%20d%25.txt", "path", "c d%.txt"));
    }

    @Override
    protected URI missingUri() {
        return URI.create(fs.rootUris().getFirst() + "/missing.txt");
    }
}
