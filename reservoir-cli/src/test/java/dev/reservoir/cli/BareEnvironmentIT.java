package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Serving a folder to an MCP host, which starts the server with a bare environment and so no
 * UTF-8 locale: through the launcher and with {@code java -jar}, from the official TypeScript SDK
 * client, every name lists and reads, the served folder's own name may be outside ASCII, and a
 * name that is not UTF-8 is skipped with one log line, never failing a page.
 */
@Timeout(300)
class BareEnvironmentIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    /** The served folder, "Notés 日本", as a URI: paths are made from URIs, byte-exact in any locale. */
    private String base;

    @BeforeEach
    void folder() throws IOException {
        base = SdkFolderClient.fileUri(dir.toRealPath()) + "/" + SdkFolderClient.encode("Notés 日本");
        Files.createDirectories(SdkFolderClient.path(base + "/sub"));
        Files.writeString(SdkFolderClient.path(base + "/" + SdkFolderClient.encode("résumé.md")), "cv\n");
        Files.writeString(SdkFolderClient.path(base + "/" + SdkFolderClient.encode("日本.md")), "nihongo\n");
        Files.writeString(SdkFolderClient.path(base + "/ascii.md"), "plain\n");
        Files.writeString(SdkFolderClient.path(base + "/sub/deep.txt"), "deep\n");
        // Latin-1 "café": the byte E9 alone is not UTF-8, so no URI can name this file.
        Files.writeString(SdkFolderClient.path(base + "/caf%E9.txt"), "unnameable\n");
    }

    /** The served folder's path as text (decoded from its URI, so right whatever this JVM's locale). */
    private String root() {
        return URI.create(base).getPath();
    }

    @Test
    void theLauncherServesEveryNameToTheSdkClient() throws Exception {
        Path launcher = Path.of("..", "reservoir").toAbsolutePath().normalize();
        JsonNode result = serve(launcher.toString(), List.of("serve", root()), dir.toString());
        assertEverythingRepresentableListsAndReads(result);
        assertThat(result.path("stderr").asText()).doesNotContain("The locale is not UTF-8");
    }

    @Test
    void theLauncherServesEveryNameWhenTheHostNamesAUtf8LocaleThatIsNotInstalled() throws Exception {
        // A host's "env" setting (or a container's LANG) may name a UTF-8 locale this machine does
        // not have: the JVM would then fall back to ASCII, as with no locale at all.
        Path launcher = Path.of("..", "reservoir").toAbsolutePath().normalize();
        JsonNode result = serve(launcher.toString(), List.of("serve", root()), dir.toString(), "xx_XX.UTF-8");
        assertEverythingRepresentableListsAndReads(result);
        assertThat(result.path("stderr").asText()).doesNotContain("The locale is not UTF-8");
    }

    @Test
    void javaJarServesEveryNameAndSaysHowToFixTheLocale() throws Exception {
        // The folder is the working folder: an argument outside ASCII is garbled by the JVM before
        // main runs (the launcher exists for that), but the working folder is found byte-exact.
        JsonNode result = serve(java(), List.of("-jar", jar(), "serve"), root());
        assertEverythingRepresentableListsAndReads(result);
        assertThat(result.path("stderr").asText().lines().filter(l -> l.contains("The locale is not UTF-8")))
                .singleElement()
                .asString()
                .contains("LC_ALL=C.UTF-8");
    }

    private void assertEverythingRepresentableListsAndReads(JsonNode result) {
        assertThat(result.has("failure")).as("%s", result).isFalse();
        assertThat(result.has("listError")).as("%s", result).isFalse();
        assertThat(SdkFolderClient.uris(result))
                .containsExactly(
                        base,
                        base + "/ascii.md",
                        base + "/r%C3%A9sum%C3%A9.md",
                        base + "/%E6%97%A5%E6%9C%AC.md",
                        base + "/sub",
                        base + "/sub/deep.txt");
        assertThat(result.at("/reads/" + pointer(base + "/r%C3%A9sum%C3%A9.md") + "/text")
                        .asText())
                .isEqualTo("cv\n");
        assertThat(result.at("/reads/" + pointer(base + "/%E6%97%A5%E6%9C%AC.md") + "/text")
                        .asText())
                .isEqualTo("nihongo\n");
        assertThat(result.at("/reads/" + pointer(base + "/ascii.md") + "/text").asText())
                .isEqualTo("plain\n");
        assertThat(result.path("stderr").asText().lines().filter(l -> l.contains("caf%E9.txt")))
                .singleElement()
                .asString()
                .contains("not valid UTF-8");
    }

    private JsonNode serve(String command, List<String> args, String cwd) throws Exception {
        return serve(command, args, cwd, null);
    }

    /** With {@code lang} (when not null) as the server's LANG, given as a host's "env" setting gives it. */
    private JsonNode serve(String command, List<String> args, String cwd, String lang) throws Exception {
        ObjectNode plan = MAPPER.createObjectNode().put("command", command).put("cwd", cwd);
        if (lang != null) {
            plan.putObject("env").put("LANG", lang);
        }
        args.forEach(plan.putArray("args")::add);
        plan.putArray("read")
                .add(base + "/r%C3%A9sum%C3%A9.md")
                .add(base + "/%E6%97%A5%E6%9C%AC.md")
                .add(base + "/ascii.md");
        return SdkFolderClient.run(plan, () -> {});
    }

    private static String pointer(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String jar() {
        return Path.of(System.getProperty("reservoir.jar", "target/reservoir.jar"))
                .toAbsolutePath()
                .toString();
    }
}
