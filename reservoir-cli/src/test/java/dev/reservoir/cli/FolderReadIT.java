package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.testkit.Eventually;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The client commands against the real jar serving a folder over stdio, as the README shows them. */
@Timeout(120)
class FolderReadIT {

    @TempDir
    Path home;

    private Path docs;
    private String root;

    @BeforeEach
    void files() throws IOException {
        docs = Files.createDirectories(home.resolve("docs"));
        Files.writeString(docs.resolve("notes.md"), "# Notes\n");
        Files.writeString(docs.resolve("short.txt"), "no newline");
        Files.createDirectories(docs.resolve("sub dir"));
        Files.writeString(docs.resolve("sub dir/a.md"), "a\n");
        root = uri(docs);
    }

    private static String uri(Path path) throws IOException {
        String uri = path.toRealPath().toUri().toString().replaceFirst("^file:/(?!/)", "file:///");
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    @Test
    void readingAFolderPrintsItsEntriesOnePerLine() {
        Cli.Run run = Cli.run("read", Cli.serving(docs), root);
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).doesNotContain("\r").doesNotContain("# Notes");
        assertThat(run.out().lines())
                .containsExactlyInAnyOrder(root + "/notes.md", root + "/short.txt", root + "/sub%20dir");
    }

    @Test
    void lsOfAFileShowsThatResourceAndTheTreeStartsAtTheFolder() {
        Cli.Run one = Cli.run("ls", Cli.serving(docs), root + "/notes.md");
        assertThat(one.code()).as(one.err()).isZero();
        assertThat(one.out().lines())
                .hasSize(2)
                .last()
                .asString()
                .contains("notes.md")
                .endsWith(root + "/notes.md");
        Cli.Run tree = Cli.run("ls", "--tree", Cli.serving(docs));
        assertThat(tree.code()).as(tree.err()).isZero();
        assertThat(tree.out().lines().findFirst().orElseThrow()).startsWith(root + "/  (");
        assertThat(tree.out()).contains("\u2500 sub dir/").doesNotContain("%20");
    }

    @Test
    void readJsonKeepsTheMetadataTheServerSent() throws IOException {
        Cli.Run run = Cli.run("read", "--json", Cli.serving(docs), root + "/notes.md");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode item = run.json().get(0);
        assertThat(item.path("name").asText()).isEqualTo("notes.md");
        assertThat(item.path("title").asText()).isEqualTo("docs/notes.md");
        assertThat(item.path("size").asLong()).isEqualTo(8);
        assertThat(item.path("text").asText()).isEqualTo("# Notes\n");
    }

    @Test
    void textGetsAFinalNewlineOnATerminalOnly() {
        Cli.Run piped = Cli.run("read", Cli.serving(docs), root + "/short.txt");
        assertThat(piped.out()).isEqualTo("no newline");
        Cli.Run terminal = Cli.run(new Terminal(true, true, 80), "read", Cli.serving(docs), root + "/short.txt");
        assertThat(terminal.out()).isEqualTo("no newline\n");
    }

    @Test
    void anOutputFileGetsThePermissionsOfAnyNewFile() throws IOException {
        Path out = home.resolve("notes-copy.md");
        Cli.Run run = Cli.run("read", Cli.serving(docs), root + "/notes.md", "-o", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(out).hasContent("# Notes");
        Path plain = home.resolve("plain"); // as any program creates a file here
        Files.newOutputStream(plain).close();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out)))
                .isEqualTo(PosixFilePermissions.toString(Files.getPosixFilePermissions(plain)));
        assertThat(Files.list(home).map(p -> p.getFileName().toString()))
                .containsExactlyInAnyOrder("docs", "notes-copy.md", "plain");
    }

    @Test
    void theReadmeTildeExampleWorks() throws IOException {
        String before = System.getProperty("user.home");
        try {
            System.setProperty("user.home", home.toString());
            String server = "stdio:" + Cli.java() + " -jar " + Cli.jar() + " serve ~/docs";
            Cli.Run run = Cli.run("read", server, root + "/notes.md");
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(run.out()).isEqualTo("# Notes\n");
        } finally {
            System.setProperty("user.home", before);
        }
        // serve itself expands a ~ that reached it unexpanded (a client config, a quoted argument).
        String quoted = "stdio:" + Cli.java() + " -Duser.home=" + home + " -jar " + Cli.jar() + " serve '~/docs'";
        Cli.Run run = Cli.run("read", quoted, root + "/notes.md");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("# Notes\n");
    }

    @Test
    void watchSaysWhenAFileIsDeletedWithTheLocalTime() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> watch = CompletableFuture.supplyAsync(
                () -> cli.execute("watch", "--count", "1", "--for", "60s", Cli.serving(docs), root + "/notes.md"));
        Eventually.await(
                "watch to start or end",
                Duration.ofSeconds(60),
                () -> err.toString().contains("watching") || watch.isDone());
        assertThat(err.toString())
                .contains("reservoir watch: watching 1 resource (protocol 2026-07-28); Ctrl-C to stop");
        Files.delete(docs.resolve("notes.md"));
        assertThat(watch.get(60, TimeUnit.SECONDS)).as(err.toString()).isZero();
        assertThat(out.toString())
                .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  deleted  " + root + "/notes.md\\n");
    }
}
