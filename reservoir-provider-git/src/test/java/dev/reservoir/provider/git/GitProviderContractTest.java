package dev.reservoir.provider.git;

import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.testkit.ResourceProviderContract;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The provider contract, run against a repository with branches, tags, folders and an untracked file. */
class GitProviderContractTest extends ResourceProviderContract {

    @TempDir
    Path dir;

    @Override
    protected ResourceProvider createProvider() {
        if (java.nio.file.Files.isDirectory(dir.resolve("repo"))) {
            return GitProvider.builder(dir.resolve("repo")).name("repo").build(); // a second provider on it
        }
        TestRepo git = TestRepo.init(dir.resolve("repo"));
        git.write("README.md", "# Read me\n")
                .write("docs/guide.md", "# Guide\n")
                .write("docs/deep/notes.txt", "notes\n")
                .write("src/Main.java", "class Main {}\n")
                .write("img.bin", new byte[] {0, 1, 2, 3});
        git.commit("first");
        git.git("checkout", "-q", "-b", "feature/x");
        git.write("docs/feature.md", "# Feature\n").commit("feature");
        git.git("checkout", "-q", "main");
        git.git("tag", "v1");
        git.write("scratch.txt", "not committed\n");
        return git.provider();
    }

    @Override
    protected URI missingUri() {
        return URI.create("git://repo/tree/main/missing.txt");
    }

    /** tree/{+ref}/{+path}: a path with an encoded non-ASCII name reaches the provider decoded. */
    @Override
    protected java.util.Optional<TemplateSample> templateSample() {
        return java.util.Optional.of(
                new TemplateSample("git://repo/tree/main/docs/caf%C3%A9%20menu.md", "path", "docs/café menu.md"));
    }
}
