import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Proves that the checks can fail: breaks a copy of a good staging folder in one way per check
 * (a missing file, a changed jar, a jar without its module-info, a split package, a BOM entry
 * dropped, a POM without description, metadata naming a missing class, an unlisted reflective
 * call, an unpublished module staged) and expects a problem naming each.
 *
 * <p>Usage: SelfTest with the options of ReleaseCheck, after ReleaseCheck passed on the staging.
 */
public final class SelfTest {

    private SelfTest() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = ReleaseCheck.options(args);
        Path root = Path.of(options.get("--root"));
        Reactor reactor = Reactor.read(root);
        Path copy = Files.createTempDirectory("reservoir-release-selftest");
        int missed = 0;
        try {
            copyTree(Path.of(options.get("--staging")), copy);
            Staging broken = new Staging(copy, reactor.groupId(), reactor.version());
            Path calls = copy.resolve("reflective-calls.txt");
            Map<String, String> expected = breakIt(broken, Path.of(options.get("--calls")), calls);
            List<String> found =
                    ReleaseCheck.check(root, copy, Path.of(options.get("--first-build")), calls).all();
            for (Map.Entry<String, String> defect : expected.entrySet()) {
                boolean caught = found.stream().anyMatch(p -> p.contains(defect.getValue()));
                System.out.println("release-check self-test: " + (caught ? "caught " : "MISSED ") + defect.getKey());
                missed += caught ? 0 : 1;
            }
        } finally {
            try (Stream<Path> files = Files.walk(copy)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        System.exit(missed == 0 ? 0 : 1);
    }

    /** Applies the defects; answers each one's description and a text its problem must contain. */
    private static Map<String, String> breakIt(Staging s, Path goodCalls, Path calls) throws IOException {
        Map<String, String> expected = new LinkedHashMap<>();
        breakFiles(s, expected);
        breakModules(s, expected);
        breakPoms(s, expected);
        rewrite(s.file("reservoir-provider-jdbc", null, "jar"),
                "META-INF/native-image/dev.reservoir/reservoir-provider-jdbc/reflect-config.json",
                json -> json.replaceFirst("\\[", "[{\"name\": \"dev.reservoir.provider.jdbc.Missing\"},"));
        expected.put("metadata naming a missing class", "class dev.reservoir.provider.jdbc.Missing is not on");
        String good = Files.readString(goodCalls);
        Files.writeString(calls, good.replaceAll("(?m)^dev\\.reservoir\\.cli\\.ServeConfig .*$", ""));
        expected.put("a reflective call not listed",
                "dev.reservoir.cli.ServeConfig (reservoir-cli) calls ObjectMapper.treeToValue");
        return expected;
    }

    private static void breakFiles(Staging s, Map<String, String> expected) throws IOException {
        Path sources = s.file("reservoir-core", "sources", "jar");
        Files.delete(sources);
        expected.put("a missing sources jar", "reservoir-core: " + sources.getFileName() + " is missing");
        Path server = s.file("reservoir-server", null, "jar");
        Files.write(server, new byte[] {0}, StandardOpenOption.APPEND);
        expected.put("a jar changed after signing (checksum)", server.getFileName() + ".md5 does not match");
        expected.put("a jar changed after signing (signature)", server.getFileName() + ".asc is not a good signature");
        expected.put("a jar that differs from the first build", "reservoir-server.jar differs between two builds");
        Files.createDirectories(s.versionDir("reservoir-bench"));
        expected.put("an unpublished module staged", "reservoir-bench is staged but is not a published module");
    }

    private static void breakModules(Staging s, Map<String, String> expected) throws IOException {
        Map<String, byte[]> stdio = read(s.file("reservoir-transport-stdio", null, "jar"));
        stdio.remove("module-info.class");
        write(s.file("reservoir-transport-stdio", null, "jar"), stdio);
        expected.put("a jar without module-info (its name)", "reservoir-transport-stdio is module reservoir.transport.stdio");
        expected.put("a jar without module-info (automatic)", "reservoir-transport-stdio has no module-info");
        expected.put("a command line that cannot start on the module path",
                "the command line does not serve a folder on the module path");
        Map<String, byte[]> core = read(s.file("reservoir-core", null, "jar"));
        String coreClass = core.keySet().stream()
                .filter(n -> n.startsWith("dev/reservoir/core/") && n.endsWith(".class"))
                .findFirst()
                .orElseThrow();
        add(s.file("reservoir-demo", null, "jar"), coreClass, core.get(coreClass));
        expected.put("a split package", "split package dev.reservoir.core");
    }

    private static void breakPoms(Staging s, Map<String, String> expected) throws IOException {
        String cli = "<dependency><groupId>dev.reservoir</groupId><artifactId>reservoir-cli</artifactId>"
                + ".*?</dependency>";
        rewrite(s.file(BomCheck.BOM, null, "pom"), null, pom -> pom.replaceAll(cli, ""));
        expected.put("a BOM that misses an artifact", "does not manage the published artifact reservoir-cli");
        rewrite(s.file("reservoir-transport-stdio", null, "pom"), null,
                pom -> pom.replaceAll("<description>.*?</description>", ""));
        expected.put("a POM without description", "reservoir-transport-stdio: name and description must be its own");
    }

    /** Rewrites a text file, or (with {@code entry}) one text entry of a jar. */
    private static void rewrite(Path file, String entry, UnaryOperator<String> edit) throws IOException {
        if (entry == null) {
            Files.writeString(file, edit.apply(Files.readString(file)));
            return;
        }
        Map<String, byte[]> entries = read(file);
        String text = new String(entries.get(entry), StandardCharsets.UTF_8);
        entries.put(entry, edit.apply(text).getBytes(StandardCharsets.UTF_8));
        write(file, entries);
    }

    private static void add(Path jar, String entry, byte[] bytes) throws IOException {
        Map<String, byte[]> entries = read(jar);
        entries.put(entry, bytes);
        write(jar, entries);
    }

    private static Map<String, byte[]> read(Path jar) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                entries.put(e.getName(), zip.getInputStream(e).readAllBytes());
            }
        }
        return entries;
    }

    private static void write(Path jar, Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        Files.write(jar, bytes.toByteArray());
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
