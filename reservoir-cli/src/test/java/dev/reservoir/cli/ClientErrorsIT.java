package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** What the client commands say when something is wrong: in words, with the right exit code, early. */
@Timeout(120)
class ClientErrorsIT {

    @RegisterExtension
    static final DemoHttp DEMO = new DemoHttp();

    private static String endpoint() {
        return DEMO.http().endpoint().toString();
    }

    @Test
    void theTimeoutCoversConnectingOverStdioAndHttpAlike() throws IOException {
        Cli.Run stdio = Cli.run("ls", "stdio:sleep 60", "--timeout", "1s");
        assertThat(stdio.code()).as(stdio.err()).isEqualTo(ExitCodes.TIMEOUT);
        assertThat(stdio.err()).contains("within 1000 ms");
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Cli.Run httpRun = Cli.run("ls", "http://127.0.0.1:" + silent.getLocalPort() + "/mcp", "--timeout", "1s");
            assertThat(httpRun.code()).as(httpRun.err()).isEqualTo(ExitCodes.TIMEOUT);
            assertThat(httpRun.err()).contains("within the connect timeout of 1000 ms");
        }
    }

    @Test
    void connectionFailuresAreSaidInWords() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        Cli.Run refused = Cli.run("ls", "http://127.0.0.1:" + closed + "/mcp");
        assertThat(refused.code()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(refused.err())
                .isEqualTo("reservoir ls: could not reach http://127.0.0.1:" + closed + "/mcp: connection refused\n");
        Cli.Run noise = Cli.run("ls", "stdio:echo hello");
        assertThat(noise.code()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(noise.err())
                .startsWith("reservoir ls: could not connect to stdio:echo hello: the server exited before it answered")
                .contains("it wrote on stdout, where only MCP messages belong:\n  hello")
                .doesNotContain("WARN")
                .doesNotContain("Exception");
    }

    @Test
    void aServerWithoutResourcesIsDescribedAndListingItSaysSo() {
        String toolsOnly = Cli.nodeServer("tools-only.mjs");
        Cli.Run info = Cli.run("info", toolsOnly);
        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.out())
                .contains("tools-only 1.0.0")
                .containsPattern("capabilities +logging, tools, prompts")
                .containsPattern("resources +none offered");
        for (String command : new String[] {"ls", "find"}) {
            Cli.Run run = command.equals("ls") ? Cli.run("ls", toolsOnly) : Cli.run("find", toolsOnly, "x");
            assertThat(run.code()).isEqualTo(ExitCodes.UNSUPPORTED);
            assertThat(run.err()).isEqualTo("reservoir " + command + ": this server offers no resources\n");
        }
    }

    @Test
    void mistakesFoundWithoutTheServerAreUsageErrorsBeforeConnecting(@TempDir Path dir) throws IOException {
        String never = "stdio:/no/such/program"; // connecting would be exit 3
        Cli.Run regex = Cli.run("find", never, "-E", "[");
        assertThat(regex.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(regex.err()).contains("not a regular expression");
        Cli.Run template = Cli.run("read", never, "demo://colors/{name}");
        assertThat(template.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(template.err())
                .isEqualTo("reservoir read: the template 'demo://colors/{name}' needs a value for name:"
                        + " add -a name=VALUE\n");
        Cli.Run folder = Cli.run("read", never, "test://static-binary", "-o", dir.toString());
        assertThat(folder.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(folder.err()).isEqualTo("reservoir read: " + dir + " is a directory\n");
        Path missing = dir.resolve("missing/x.png");
        Cli.Run nowhere = Cli.run("read", never, "test://static-binary", "-o", missing.toString());
        assertThat(nowhere.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(nowhere.err()).isEqualTo("reservoir read: " + dir.resolve("missing") + "/: no such directory\n");
        Cli.Run badUri = Cli.run("watch", never, "not a uri");
        assertThat(badUri.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(badUri.err()).startsWith("reservoir watch: ").doesNotContain("notifications");
        assertThat(Files.list(dir)).isEmpty();
    }

    @Test
    void watchingAResourceThatDoesNotExistIsNotFound() {
        Cli.Run run = Cli.run("watch", endpoint(), "test://no-such-resource");
        assertThat(run.code()).isEqualTo(ExitCodes.NOT_FOUND);
        assertThat(run.err()).contains("not found: test://no-such-resource");
    }

    @Test
    void theServerRootInsteadOfItsEndpointGetsAHint() {
        String root = DEMO.http().endpoint().resolve("/").toString();
        Cli.Run run = Cli.run("ls", root);
        assertThat(run.code()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(run.err())
                .contains("MCP endpoints are usually at a path, such as "
                        + DEMO.http().endpoint());
        Cli.Run noHost = Cli.run("ls", "http:///", "--timeout", "60s");
        assertThat(noHost.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(noHost.err()).contains("names no host");
    }
}
