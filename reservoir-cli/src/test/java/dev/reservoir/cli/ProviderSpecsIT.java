package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reservoir serve SPEC...} as a user starts it: the built jar in its own process, with the
 * bare environment an MCP host gives (no locale), stdin closed at once so a server that starts
 * ends with 0.
 */
@Timeout(300)
class ProviderSpecsIT {

    @TempDir
    Path dir;

    record Ended(int code, String out, String err) {}

    private Ended serve(Path cwd, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Cli.java(), "-jar", Cli.jar(), "serve"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        builder.environment().keySet().retainAll(List.of("HOME", "PATH"));
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(240, TimeUnit.SECONDS)).as("serve ended").isTrue();
        return new Ended(process.exitValue(), out, err);
    }

    @Test
    void aSpecNoKindAcceptsEndsWithExitCode2NamingTheKindsFound() throws Exception {
        Ended ended = serve(dir, "ftp://example.com/x");
        assertThat(ended.code()).isEqualTo(2);
        assertThat(ended.out()).isEmpty();
        assertThat(ended.err())
                .startsWith("reservoir serve: no kind of provider serves 'ftp://example.com/x'; the kinds are:\n")
                .containsPattern("(?m)^  database +FILE\\.db")
                .containsPattern("(?m)^  folder +PATH")
                .containsPattern("(?m)^  git +git:PATH\\[#NAME]")
                .doesNotContain("Exception");
    }

    @Test
    void serveHelpListsTheKindsFoundWithTheirSyntax() throws Exception {
        Ended help = serve(dir, "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out())
                .contains("Kinds of SPEC (from the provider jars on the class path):")
                .containsPattern("(?m)^  database +FILE\\.db \\| jdbc:URL \\| postgresql://HOST/DB: a database's")
                .containsPattern("(?m)^  folder +PATH \\(a folder\\): a folder's files and subfolders, as file: URIs$")
                .containsPattern("(?m)^  git +git:PATH\\[#NAME]: a git repository's")
                .containsPattern("(?m)^ {11}\\S.*read-only$")
                .containsPattern("(?m)^ {11}\\S.*as git://NAME/ URIs$");
        assertThat(help.out().lines())
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
    }

    @Test
    void theFilesPathsTakeEverySpecRelativeToTheFileFromAnyFolder() throws Exception {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Files.createDirectories(conf.resolve("docs"));
        ProviderKindsTest.Specs.gitRepository(conf.resolve("repo"));
        ProviderKindsTest.Specs.sqliteFile(conf.resolve("app.db"));
        Path config =
                Files.writeString(conf.resolve("reservoir.yaml"), "paths: [./docs, 'git:./repo#app', ./app.db]\n");
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Ended ended = serve(elsewhere, "--config", config.toString());
        assertThat(ended.err()).contains("reservoir serve: ").contains(" over stdio");
        String banner = ended.err()
                .lines()
                .filter(l -> l.endsWith(" over stdio"))
                .findFirst()
                .orElseThrow();
        assertThat(banner)
                .contains("file://" + conf.resolve("docs").toUri().getRawPath().replaceAll("/$", ""))
                .contains("git://app/")
                .contains("sqlite://app/");
        assertThat(ended.code()).as(ended.err()).isZero();
    }

    @Test
    void aMistakeInARepositoriesEntryEndsWithExitCode2AtItsLine() throws Exception {
        ProviderKindsTest.Specs.gitRepository(dir.resolve("repo"));
        Path config = Files.writeString(
                dir.resolve("reservoir.yaml"), "name: x\nrepositories:\n  - path: ./repo\n    nmae: app\n");
        Ended ended = serve(dir, "--config", config.toString());
        assertThat(ended.code()).isEqualTo(2);
        assertThat(ended.err())
                .isEqualTo("reservoir serve: config file " + config
                        + ", line 3: unknown repositories setting 'nmae' (known: path, name)\n");
    }

    @Test
    void aSectionThatIsNotAListServesNothingSilentlyNoMore() throws Exception {
        ProviderKindsTest.Specs.gitRepository(dir.resolve("repo"));
        Path config = Files.writeString(dir.resolve("reservoir.yaml"), "repositories: ./repo\n");
        Ended ended = serve(dir, "--config", config.toString());
        assertThat(ended.code()).isEqualTo(2);
        assertThat(ended.err()).contains("line 1: repositories must be a list of entries");
    }
}
