package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.server.spi.FactoryContext;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.UriSpace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reservoir serve SPEC...}: the kinds found with ServiceLoader, which kind takes which spec,
 * and the config file's {@code repositories:} and {@code databases:} sections.
 */
class ProviderKindsTest {

    @TempDir
    Path dir;

    private final ProviderKinds kinds = ProviderKinds.found();
    private final List<ResourceProvider> made = new java.util.ArrayList<>();
    private Path docs;
    private Path repo;
    private Path db;

    @BeforeEach
    void folderRepositoryAndDatabase() throws Exception {
        docs = Files.createDirectories(dir.resolve("docs"));
        repo = Specs.gitRepository(dir.resolve("repo"));
        db = Specs.sqliteFile(dir.resolve("app.db"));
    }

    @AfterEach
    void closeProviders() {
        made.forEach(ResourceProvider::close);
    }

    private List<String> served(List<String> specs, ServeConfig.Loaded file) {
        FactoryContext context = FactoryContext.defaults();
        made.addAll(kinds.create(specs, file, Specs.folderSettings(), context));
        return made.stream().map(ProviderKindsTest::space).toList();
    }

    private static String space(ResourceProvider provider) {
        return provider.space() instanceof UriSpace.Prefixes p
                ? String.join(" ", p.prefixes().stream().map(Object::toString).toList())
                : "holds";
    }

    @Test
    void theCliFindsTheFolderGitAndDatabaseKindsAndTheirSections() {
        assertThat(kinds.describe().formatted())
                .containsPattern("(?m)^  database +FILE\\.db \\| jdbc:URL \\| postgresql://HOST/DB: ")
                .containsPattern("(?m)^  folder +PATH \\(a folder\\): ")
                .containsPattern("(?m)^  git +git:PATH\\[#NAME]: ");
        assertThat(kinds.sections()).isEqualTo(Set.of("repositories", "databases"));
    }

    @Test
    void eachSpecFormGoesToItsKind() {
        List<String> spaces = served(
                List.of(docs.toString(), "git:" + repo, "git:" + repo + "#app", db.toString()),
                ServeConfig.Loaded.NONE);
        assertThat(spaces)
                .containsExactly(
                        "sqlite://app/",
                        "file://" + docs.toUri().getRawPath().replaceAll("/$", ""),
                        "git://repo/",
                        "git://app/");
    }

    @Test
    void sqliteFilesAreServedFromTheirPrefixedFormsAsWell() {
        assertThat(served(List.of("sqlite:" + db), ServeConfig.Loaded.NONE)).containsExactly("sqlite://app/");
        made.forEach(ResourceProvider::close);
        made.clear();
        assertThat(served(List.of("jdbc:sqlite:" + db), ServeConfig.Loaded.NONE))
                .containsExactly("sqlite://app/");
    }

    @Test
    void aPostgresUrlIsADatabaseAndNeverHoldsAPassword() {
        assertThat(kinds.kindOf("jdbc:postgresql://localhost:1/app").kind()).isEqualTo("database");
        assertThat(kinds.kindOf("postgresql://me@db.example.com/app").kind()).isEqualTo("database");
        assertThatThrownBy(() -> served(List.of("postgresql://me:secret@localhost/app"), ServeConfig.Loaded.NONE))
                .hasMessageContaining("must not hold a password");
    }

    @Test
    void aSpecNoKindAcceptsIsRefusedNamingTheKinds() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a database");
        for (String spec : List.of("ftp://example.com/x", text.toString())) {
            assertThatThrownBy(() -> served(List.of(spec), ServeConfig.Loaded.NONE))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("no kind of provider serves '" + spec + "'; the kinds are:")
                    .hasMessageContaining("database")
                    .hasMessageContaining("folder")
                    .hasMessageContaining("git:PATH[#NAME]");
        }
    }

    @Test
    void theSectionsOfTheFileServeTheirEntriesRelativeToTheFile() throws IOException {
        Path config = Files.writeString(
                dir.resolve("reservoir.yaml"),
                "repositories:\n  - {path: ./repo, name: app}\ndatabases:\n  - {url: ./app.db, name: shop}\n");
        ServeConfig.Loaded file = ServeConfig.read(config, kinds.sections());
        List<String> spaces = made(file, dir);
        assertThat(spaces).containsExactly("sqlite://shop/", "git://app/");
    }

    private List<String> made(ServeConfig.Loaded file, Path folder) {
        FactoryContext context =
                new FactoryContext(null, folder, System.getenv(), java.time.Duration.ofSeconds(30), 64L << 20);
        made.addAll(kinds.create(List.of(), file, Specs.folderSettings(), context));
        return made.stream().map(ProviderKindsTest::space).toList();
    }

    @Test
    void aMistakeInAnEntryIsReportedWithTheFileAndTheEntrysLine() throws IOException {
        Path config = Files.writeString(
                dir.resolve("reservoir.yaml"),
                "name: x\nrepositories:\n  - path: ./repo\n  - path: ./repo\n    nmae: app\n"
                        + "databases:\n  - {url: ./app.db, nmae: shop}\n");
        ServeConfig.Loaded file = ServeConfig.read(config, kinds.sections());
        assertThatThrownBy(() -> made(file, dir))
                .hasMessageStartingWith(
                        "config file " + config + ", line 7: unknown database setting 'nmae' (known: [");
        Path gitOnly = Files.writeString(
                dir.resolve("git.yaml"), "name: x\nrepositories:\n  - path: ./repo\n  - path: ./repo\n    nmae: app\n");
        ServeConfig.Loaded second = ServeConfig.read(gitOnly, kinds.sections());
        assertThatThrownBy(() -> made(second, dir))
                .hasMessage(
                        "config file " + gitOnly + ", line 4: unknown repositories setting 'nmae' (known: path, name)");
    }

    @Test
    void aSectionThatIsNotAListOfEntriesIsAMistakeAtItsLine() throws IOException {
        Path config = Files.writeString(dir.resolve("reservoir.yaml"), "name: x\nrepositories: ./repo\n");
        assertThatThrownBy(() -> ServeConfig.read(config, kinds.sections()))
                .hasMessage("config file " + config + ", line 2: repositories must be a list of entries, each with"
                        + " its settings, as \"- {name: value}\" on the lines below it");
    }

    @Test
    void aSectionWithOneEntryWrittenAsSettingsIsThatEntry() throws IOException {
        Path config = Files.writeString(dir.resolve("reservoir.yaml"), "repositories: {path: ./repo, name: one}\n");
        assertThat(made(ServeConfig.read(config, kinds.sections()), dir)).containsExactly("git://one/");
    }

    @Test
    void specsInTheFilesPathsResolveAgainstTheFilesFolderKindPrefixesAside() {
        Path base = dir.resolve("conf");
        String home = System.getProperty("user.home");
        assertThat(ServeConfig.spec("./docs", base))
                .isEqualTo(base.resolve("./docs").toString());
        assertThat(ServeConfig.spec("docs", base))
                .isEqualTo(base.resolve("docs").toString());
        assertThat(ServeConfig.spec("~/docs", base)).isEqualTo(home + "/docs");
        assertThat(ServeConfig.spec("git:./repo#app", base)).isEqualTo("git:" + base.resolve("./repo#app"));
        assertThat(ServeConfig.spec("git:~/repo", base)).isEqualTo("git:" + home + "/repo");
        assertThat(ServeConfig.spec("sqlite:../app.db", base)).isEqualTo("sqlite:" + base.resolve("../app.db"));
        assertThat(ServeConfig.spec("jdbc:sqlite:./app.db", base)).isEqualTo("jdbc:sqlite:" + base.resolve("./app.db"));
        for (String asWritten : List.of(
                "jdbc:postgresql://localhost/app", "postgresql://db/app", "jdbc:h2:mem:x", "/abs/docs", "git:/abs")) {
            assertThat(ServeConfig.spec(asWritten, base)).isEqualTo(asWritten);
        }
    }

    @Test
    void specsOnTheCommandLineOnlyHaveTheirHomeExpanded() {
        String home = System.getProperty("user.home");
        assertThat(ServeConfig.spec("~/docs", null)).isEqualTo(home + "/docs");
        assertThat(ServeConfig.spec("git:~/repo#app", null)).isEqualTo("git:" + home + "/repo#app");
        assertThat(ServeConfig.spec("./docs/", null)).isEqualTo("./docs/");
        assertThat(ServeConfig.spec("git:./repo", null)).isEqualTo("git:./repo");
    }

    /** Fixtures: a git repository with one commit, a SQLite file with one table. */
    static final class Specs {
        private Specs() {}

        static Path gitRepository(Path at) throws Exception {
            Files.createDirectories(at);
            Files.writeString(at.resolve("README.md"), "# hello\n");
            try (var git =
                    org.eclipse.jgit.api.Git.init().setDirectory(at.toFile()).call()) {
                git.add().addFilepattern("README.md").call();
                git.commit()
                        .setMessage("first")
                        .setAuthor("a", "a@example.com")
                        .setSign(false)
                        .call();
            }
            return at;
        }

        static Path sqliteFile(Path at) throws SQLException {
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + at)) {
                c.createStatement().execute("create table items (id integer primary key, name text)");
                c.createStatement().execute("insert into items (name) values ('first'), ('second')");
            }
            return at;
        }

        static com.fasterxml.jackson.databind.node.ObjectNode folderSettings() {
            return new FolderOptions().settings(ServeConfig.NONE);
        }
    }
}
