package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.demo.DemoServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The client commands ({@code ls}, {@code read}, {@code info}, {@code watch}, {@code find}) run in
 * this JVM against Reservoir's demo server: the real jar started over stdio, and an HTTP server in
 * this JVM (Streamable HTTP and the 2024-11-05 SSE endpoint).
 */
@Timeout(120)
class ClientCommandsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final DemoHttp DEMO = new DemoHttp();

    /** The demo server as a process: the runnable jar, over stdio. */
    private static String stdio() {
        String jar = System.getProperty("reservoir.jar", "target/reservoir.jar");
        assertThat(Path.of(jar)).as("the runnable jar (built by package)").exists();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return "stdio:" + java + " -jar " + jar + " serve --demo --demo-change-every 300ms";
    }

    record Run(int code, String out, String err) {
        JsonNode json() throws IOException {
            return JSON.readTree(out);
        }
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void infoDescribesTheServerAndCountsItsResources() {
        Run run = run("info", stdio());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("reservoir-demo")
                .contains("2026-07-28 (stateless) over stdio")
                .contains("SEP-2093")
                .containsPattern("resources\\s+1,0\\d\\d \\(2 collections\\)")
                .contains("templates    2");
    }

    @Test
    void infoOverHttpAndTheHttpSseEndpoint() throws IOException {
        Run stateless =
                run("info", "--json", "--no-counts", DEMO.http().endpoint().toString());
        assertThat(stateless.code()).as(stateless.err()).isZero();
        assertThat(stateless.json().path("transport").asText()).isEqualTo("streamable_http");
        assertThat(stateless.json().path("stateless").asBoolean()).isTrue();
        Run httpSse = run("info", "--no-counts", DEMO.http().httpSseEndpoint().toString());
        assertThat(httpSse.code()).as(httpSse.err()).isZero();
        assertThat(httpSse.out()).contains("over HTTP+SSE (2024-11-05)");
    }

    @Test
    void lsPrintsEveryResourceAsTableTreeOrJson() throws IOException {
        Run json = run("ls", "--json", DEMO.http().endpoint().toString());
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.json().path("resources").size()).isGreaterThan(DemoServer.ITEM_COUNT);
        Run table = run("ls", stdio(), "demo://collection/");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out().lines().findFirst().orElseThrow()).matches("NAME\\s+SIZE\\s+TYPE\\s+MODIFIED\\s+URI");
        assertThat(table.out())
                .contains("readme.md")
                .contains("nested/")
                .contains(Listing.time(java.time.Instant.parse("2026-01-01T00:00:00Z")))
                .doesNotContain("demo://items/");
        Run tree = run("ls", "--tree", DEMO.http().endpoint().toString());
        assertThat(tree.out()).contains("demo://collection").contains("\u2514\u2500\u2500 ");
    }

    @Test
    void readPrintsTextAndWritesBlobsToFiles(@TempDir Path dir) throws IOException {
        Run text = run("read", stdio(), "test://static-text");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).isEqualTo(DemoServer.STATIC_TEXT);

        Run refused = run("read", DEMO.http().endpoint().toString(), DemoServer.BLOB_URI);
        assertThat(refused.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err()).contains("is binary").contains("-o FILE");

        Path file = dir.resolve("blob.bin");
        Run blob = run("read", DEMO.http().endpoint().toString(), DemoServer.BLOB_URI, "-o", file.toString());
        assertThat(blob.code()).as(blob.err()).isZero();
        assertThat(Files.size(file)).isEqualTo(DemoServer.BLOB_SIZE);
        assertThat(dir.toFile().list()).containsExactly("blob.bin");

        Run template = run("read", DEMO.http().endpoint().toString(), "demo://colors/{name}", "--arg", "name=teal");
        assertThat(template.out()).isEqualTo("teal is #008080");
    }

    @Test
    void exitCodesSayWhatWentWrong() {
        Run missing = run("read", DEMO.http().endpoint().toString(), "test://missing");
        assertThat(missing.code()).isEqualTo(ExitCodes.NOT_FOUND);
        assertThat(missing.err()).contains("not found: test://missing");
        Run badServer = run("ls", "ftp://example.com");
        assertThat(badServer.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(badServer.err()).contains("http(s):// URL or stdio:");
        Run unreachable = run("ls", "http://127.0.0.1:9/mcp");
        assertThat(unreachable.code()).isEqualTo(ExitCodes.UNREACHABLE);
        Run noCommand = run("ls", "stdio:/no/such/program");
        assertThat(noCommand.code()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(noCommand.err()).contains("could not start");
        Run usage = run("read");
        assertThat(usage.code()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void findSearchesNamesTitlesAndDescriptions() throws IOException {
        Run found = run("find", DEMO.http().endpoint().toString(), "STATIC");
        assertThat(found.code()).as(found.err()).isZero();
        assertThat(found.out()).contains("test://static-text").contains("test://static-binary");
        Run regex = run("find", "--json", "--regex", DEMO.http().endpoint().toString(), "^item 10$");
        assertThat(regex.json().path("resources").size()).isEqualTo(1);
        assertThat(regex.json().path("resources").get(0).path("uri").asText()).isEqualTo("demo://items/0010");
        Run none = run("find", DEMO.http().endpoint().toString(), "no-such-thing-anywhere");
        assertThat(none.code()).isEqualTo(ExitCodes.NO_MATCH);
    }

    @Test
    void watchPrintsNotificationsAsTheyCome() throws IOException {
        Run text = run("watch", "--count", "2", stdio(), DemoServer.WATCHED);
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out().lines()).hasSize(2).allMatch(l -> l.endsWith("updated  " + DemoServer.WATCHED));
        assertThat(text.err()).contains("watching 1 resource (protocol 2026-07-28); Ctrl-C to stop");
        Run json = run(
                "watch",
                "--json",
                "--count",
                "1",
                "--protocol",
                "2025-11-25",
                DEMO.http().endpoint().toString(),
                DemoServer.WATCHED);
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.json().path("event").asText()).isEqualTo("updated");
        Run quiet = run("watch", "--for", "300ms", DEMO.http().endpoint().toString(), "test://static-text");
        assertThat(quiet.code()).isZero();
        assertThat(quiet.out()).isEmpty();
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[] {"ls", "read", "info", "watch", "find"}) {
            Run help = run(command, "--help");
            assertThat(help.code()).isZero();
            assertThat(help.out()).contains("SERVER").contains("--json").contains("Exit codes:");
        }
    }
}
