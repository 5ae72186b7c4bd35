package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Work trees, bare repositories, linked work trees, .git folders, empty repositories, a detached HEAD. */
class RepositoryKindsTest {

    @TempDir
    Path dir;

    private static List<String> uris(GitResources resources) {
        return resources.list(null, 100).resources().stream().map(Resource::uri).toList();
    }

    private TestRepo repoWithTwoCommits() {
        TestRepo git = TestRepo.init(dir.resolve("work"));
        git.write("a.txt", "a\n").commit("first");
        git.write("b.txt", "b\n").commit("second");
        return git;
    }

    @Test
    void aBareRepositoryHasNoStatusOrDiff() {
        TestRepo work = repoWithTwoCommits();
        TestRepo.at(dir)
                .git(
                        "clone",
                        "-q",
                        "--bare",
                        work.dir.toString(),
                        dir.resolve("app.git").toString());
        try (GitProvider provider = GitProvider.builder(dir.resolve("app.git")).build()) {
            assertThat(provider.name()).isEqualTo("app");
            GitResources resources = new GitResources(GitRepository.open(dir.resolve("app.git"), "repo"));
            assertThat(uris(resources))
                    .containsExactly(
                            "git://repo/",
                            "git://repo/log/main",
                            "git://repo/tree/main",
                            "git://repo/tree/main/a.txt",
                            "git://repo/tree/main/b.txt");
            assertThat(resources.metadata("git://repo/status")).isEmpty();
            assertThatThrownBy(() -> resources.read("git://repo/diff", Reads.LIMITS))
                    .isInstanceOf(ResourceNotFoundException.class);
            resources.repository().close();
        }
    }

    @Test
    void aLinkedWorkTreeSeesTheSharedRefsAndItsOwnHeadAndStatus() throws Exception {
        TestRepo work = repoWithTwoCommits();
        work.git("worktree", "add", "-q", "-b", "side", dir.resolve("side").toString());
        Files.writeString(dir.resolve("side/a.txt"), "changed on the side\n");
        GitResources resources = new GitResources(GitRepository.open(dir.resolve("side"), "repo"));
        assertThat(uris(resources)).contains("git://repo/tree/main", "git://repo/tree/side", "git://repo/log/side");
        assertThat(Reads.text(resources.read("git://repo/status", Reads.LIMITS).items(), 0))
                .isEqualTo(" M a.txt\n");
        assertThat(Reads.text(resources.read("git://repo/", Reads.LIMITS).items(), 0))
                .contains("Default branch side");
        resources.repository().close();
    }

    @Test
    void aDotGitFolderServesItsWorkTree() throws Exception {
        TestRepo work = repoWithTwoCommits();
        Files.writeString(work.dir.resolve("b.txt"), "edited\n");
        GitResources resources = new GitResources(GitRepository.open(work.dir.resolve(".git"), "repo"));
        assertThat(Reads.text(resources.read("git://repo/status", Reads.LIMITS).items(), 0))
                .isEqualTo(" M b.txt\n");
        resources.repository().close();
    }

    @Test
    void anEmptyRepositoryListsItselfAndItsWorkTree() throws Exception {
        TestRepo git = TestRepo.init(dir.resolve("empty"));
        git.write("new.txt", "not yet committed\n");
        GitResources resources = git.resources();
        assertThat(uris(resources)).containsExactly("git://repo/", "git://repo/status", "git://repo/diff");
        assertThat(Reads.text(resources.read("git://repo/", Reads.LIMITS).items(), 0))
                .contains("no commits yet");
        assertThat(Reads.text(resources.read("git://repo/status", Reads.LIMITS).items(), 0))
                .isEqualTo(git.git("status", "--porcelain"));
        assertThat(resources.metadata("git://repo/tree/main")).isEmpty();
        assertThat(resources.metadata("git://repo/log/main")).isEmpty();
        resources.repository().close();
    }

    @Test
    void aDetachedHeadIsListedAsHead() {
        TestRepo git = repoWithTwoCommits();
        git.git("checkout", "-q", "--detach", "HEAD~1");
        GitResources resources = git.resources();
        assertThat(uris(resources))
                .containsExactly(
                        "git://repo/",
                        "git://repo/tree/HEAD",
                        "git://repo/log/HEAD",
                        "git://repo/status",
                        "git://repo/diff",
                        "git://repo/tree/main",
                        "git://repo/tree/HEAD/a.txt");
        assertThat(resources.metadata("git://repo/tree/HEAD/b.txt")).isEmpty();
        assertThat(resources.metadata("git://repo/tree/main/b.txt")).isPresent();
        resources.repository().close();
    }

    @Test
    void aRepositoryMadeWithJGitReadsTheSame() throws Exception {
        Path path = dir.resolve("jgit");
        PersonIdent ada = new PersonIdent("Ada", "ada@example.com");
        try (Git jgit =
                Git.init().setDirectory(path.toFile()).setInitialBranch("trunk").call()) {
            Files.writeString(path.resolve("hello.txt"), "hello\n");
            jgit.add().addFilepattern(".").call();
            jgit.commit()
                    .setMessage("hello")
                    .setAuthor(ada)
                    .setCommitter(ada)
                    .setSign(false)
                    .call();
        }
        GitResources resources = new GitResources(GitRepository.open(path, "repo"));
        assertThat(Reads.text(
                        resources
                                .read("git://repo/tree/trunk/hello.txt", Reads.LIMITS)
                                .items(),
                        0))
                .isEqualTo("hello\n");
        assertThat(Reads.text(
                        resources.read("git://repo/log/trunk", Reads.LIMITS).items(), 0))
                .isEqualTo(TestRepo.at(path).git("log", "--format=%H%x09%aI%x09%an%x09%s"));
        resources.repository().close();
    }

    @Test
    void aFolderThatIsNoRepositoryIsRefusedWithTheReason() throws Exception {
        Files.createDirectories(dir.resolve("plain"));
        assertThatThrownBy(() -> GitProvider.builder(dir.resolve("plain")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("neither a work tree");
        assertThatThrownBy(() -> GitProvider.builder(dir.resolve("missing")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a folder");
    }
}
