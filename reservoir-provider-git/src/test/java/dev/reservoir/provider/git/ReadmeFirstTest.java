package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hosts often show only the first page: the repository's README is on it, and listed once. */
class ReadmeFirstTest {

    @TempDir
    Path dir;

    private static List<String> uris(GitProvider git, int pageSize) {
        List<String> out = new ArrayList<>();
        String cursor = null;
        do {
            Page<Resource> page = git.list(new ListRequest(null, cursor, pageSize));
            page.items().forEach(r -> out.add(r.uri()));
            cursor = page.nextCursor();
        } while (cursor != null);
        return out;
    }

    @Test
    void theReadmeComesRightAfterTheRepositoryAndTheTreeLeavesItOut() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("repo"));
        for (int i = 0; i < 300; i++) {
            repo.write(String.format("logs/%04d.log", i), "line " + i + "\n");
            repo.write(String.format("%04d.txt", i), "note " + i + "\n"); // sorts before README
        }
        repo.write("Readme.md", "# Read me\n").commit("many files");
        try (GitProvider git = GitProvider.builder(repo.dir).build()) {
            List<Resource> first = git.list(new ListRequest(null, null, 5)).items();
            assertThat(first.stream().map(Resource::uri)).startsWith("git://repo/", "git://repo/tree/main/Readme.md");
            List<String> whole = uris(git, 10_000);
            // The repository, the README, the log view, status, diff, the branch, 300 + 1 + 300 entries.
            assertThat(whole).hasSize(1 + 1 + 3 + 1 + 300 + 1 + 300).doesNotHaveDuplicates();
            for (int pageSize : new int[] {1, 2, 5, 7, 301}) {
                assertThat(uris(git, pageSize)).as("page size %d", pageSize).isEqualTo(whole);
            }
        }
    }
}
