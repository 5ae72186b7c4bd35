package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JIT's instructions both launchers pass (src/main/launcher/compile-commands.txt). The JVM
 * skips a method it does not find without a word, so a renamed method would quietly undo its line:
 * every one must name a method that exists.
 */
class CompileCommandsTest {

    private static final Path FILE = Path.of("src/main/launcher/compile-commands.txt");

    private static List<String> commands() throws IOException {
        List<String> commands = new ArrayList<>();
        for (String line : Files.readAllLines(FILE, StandardCharsets.UTF_8)) {
            String s = line.strip();
            if (!s.isEmpty() && !s.startsWith("#")) {
                commands.add(s);
            }
        }
        return commands;
    }

    @Test
    void everyLineIsQuietOrDontInlineOfAMethodThatExists() throws Exception {
        List<String> commands = commands();
        assertThat(commands).first().isEqualTo("quiet"); // before anything else: stdout is the protocol's
        List<String> missing = new ArrayList<>();
        int named = 0;
        for (String command : commands.subList(1, commands.size())) {
            if (command.startsWith(
                    "CompileThresholdScaling,")) { // compiled sooner: CompileThresholdScaling,METHOD,FACTOR
                assertThat(command).as("a line of %s", FILE).matches("CompileThresholdScaling,[\\w.$]+::\\w+,0\\.\\d+");
                command = "dontinline " + command.split(",")[1]; // checked below like the others
            }
            assertThat(command).as("a line of %s", FILE).matches("dontinline [\\w.$]+::\\w+");
            String pattern = command.substring("dontinline ".length());
            String className = pattern.substring(0, pattern.indexOf("::"));
            String methodName = pattern.substring(pattern.indexOf("::") + 2);
            named++;
            Class<?> type;
            try {
                type = Class.forName(className, false, getClass().getClassLoader());
            } catch (ClassNotFoundException e) {
                missing.add(pattern + " (no such class)");
                continue;
            }
            if (Arrays.stream(type.getDeclaredMethods()).map(Method::getName).noneMatch(methodName::equals)) {
                missing.add(pattern + " (no such method)");
            }
        }
        assertThat(named).isGreaterThan(10);
        assertThat(missing).as("methods named in %s", FILE).isEmpty();
    }

    @Test
    void aJvmGivenTheFileStartsAndPrintsNothingOnStdout() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-XX:CompileCommandFile=" + FILE.toAbsolutePath(), "-version")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(new String(out, StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void bothLaunchersPassIt() throws IOException {
        Path root = Path.of("..");
        assertThat(Files.readString(root.resolve("reservoir")))
                .contains("-XX:CompileCommandFile=$commands")
                .contains("commands=\"$here/reservoir-cli/" + FILE + "\"");
        assertThat(Files.readString(root.resolve("scripts/dist")))
                .contains("cp reservoir-cli/" + FILE + " \"$image/lib/\"")
                .contains("-XX:CompileCommandFile=$home/lib/compile-commands.txt");
    }
}
