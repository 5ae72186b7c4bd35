package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./reservoir} launcher as users meet it: in a fresh copy of the sources ({@code
 * ./reservoir setup} builds, makes the class archive, prints a client's configuration, and the
 * first start a client makes afterwards neither builds nor trains), and in a clone its user
 * cannot write to (quiet).
 */
@Timeout(600)
class LauncherIT {

    private static final Path SOURCES = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    record Result(int code, String out, String err, long millis) {}

    /** A command as an MCP host spawns a server: with only HOME, PATH and a few more in its environment. */
    private static ProcessBuilder asAHostSpawns(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().retainAll(List.of("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"));
        return builder;
    }

    /** A folder's file: URI as the server names its resources (file:///...), ending in a slash. */
    private static String fileUri(Path folder) {
        return folder.toUri().toString().replaceFirst("^file:/+", "file:///");
    }

    /** Runs a command with the environment an MCP host gives a server (HOME, PATH and a few more). */
    private static Result run(List<String> command, Path cwd, boolean asNobody) throws Exception {
        List<String> full = new ArrayList<>();
        if (asNobody) {
            full.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        }
        full.addAll(command);
        ProcessBuilder builder = asAHostSpawns(full).directory(cwd.toFile());
        long start = System.nanoTime();
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(540, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), out, err, (System.nanoTime() - start) / 1_000_000);
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    @Test
    void aCloneTheUserCannotWriteToIsUsedQuietly() throws Exception {
        // A clone with its jar built and nothing else, that this user may read but not write.
        Path clone = dir.resolve("clone");
        Files.createDirectories(clone.resolve("scripts"));
        Files.createDirectories(clone.resolve("reservoir-cli/target"));
        for (String file : List.of("reservoir", "scripts/find-jdk.sh", "scripts/mvn")) {
            Files.copy(SOURCES.resolve(file), clone.resolve(file), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Files.copy(Path.of(Cli.jar()), clone.resolve("reservoir-cli/target/reservoir.jar"));
        // What a build by its owner leaves: the JDK it found, remembered beside the jar.
        Files.writeString(
                clone.resolve("reservoir-cli/target/java-home"),
                System.getProperty("java.home") + " " + Runtime.version().feature() + "\n");
        try (Stream<Path> all = Files.walk(clone)) {
            for (Path p : all.toList()) {
                boolean exec = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) || Files.isExecutable(p);
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(exec ? "r-xr-xr-x" : "r--r--r--"));
            }
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Result version = run(List.of(clone.resolve("reservoir").toString(), "--version"), clone, root());
        assertThat(version.code()).as(version.err()).isZero();
        assertThat(version.out()).startsWith("reservoir ");
        assertThat(version.err()).isEmpty();
    }

    @Test
    void onlyTheSourcesOfTheModulesTheJarIsBuiltFromMakeItStale() throws Exception {
        // The project's real poms, a jar, and one source file a module, all older than the jar.
        Path tree = dir.resolve("tree");
        FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
        List<Path> poms = new ArrayList<>(List.of(SOURCES.resolve("pom.xml")));
        try (Stream<Path> modules = Files.list(SOURCES)) {
            modules.filter(m -> m.getFileName().toString().startsWith("reservoir-"))
                    .map(m -> m.resolve("pom.xml"))
                    .filter(Files::isRegularFile)
                    .forEach(poms::add);
        }
        for (Path pom : poms) {
            Path copy = tree.resolve(SOURCES.relativize(pom).toString());
            Files.createDirectories(copy.getParent());
            Files.copy(pom, copy);
            Files.setLastModifiedTime(copy, old);
            if (!pom.getParent().equals(SOURCES)) {
                Path source = copy.resolveSibling("src/main/java/A.java");
                Files.createDirectories(source.getParent());
                Files.writeString(source, "class A {}\n");
                for (Path p = source; !p.equals(copy.getParent()); p = p.getParent()) {
                    Files.setLastModifiedTime(p, old); // the file, and the folders a deletion would touch
                }
            }
        }
        Path jar = Files.createDirectories(tree.resolve("reservoir-cli/target")).resolve("reservoir.jar");
        Files.writeString(jar, "a jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 1_800_000));
        assertThat(stale(tree, jar)).isFalse();
        assertThat(tree.resolve("reservoir-cli/target/reservoir-modules"))
                .content()
                .startsWith("reservoir-cli\n")
                .contains("reservoir-provider-fs\n", "reservoir-core\n", "reservoir-console\n")
                .doesNotContain("spring", "bench", "testkit", "opentelemetry");

        // Sources of modules the command line does not hold: no rebuild.
        for (String module : List.of("reservoir-spring-boot-starter", "reservoir-bench", "reservoir-testkit")) {
            touch(tree.resolve(module + "/src/main/java/A.java"));
            assertThat(stale(tree, jar)).as(module).isFalse();
        }
        // A source of the command line, of a module it needs, of one that one needs: a rebuild.
        for (String module : List.of("reservoir-cli", "reservoir-provider-jdbc", "reservoir-core")) {
            Path source = tree.resolve(module + "/src/main/java/A.java");
            touch(source);
            assertThat(stale(tree, jar)).as(module).isTrue();
            Files.setLastModifiedTime(source, old);
            assertThat(stale(tree, jar)).as(module).isFalse();
        }
        // Any pom: a rebuild. And a pom that now makes the command line need the starter counts
        // the starter's sources (the list of modules is worked out again).
        Path cliPom = tree.resolve("reservoir-cli/pom.xml");
        String pom = Files.readString(cliPom);
        Files.writeString(
                cliPom,
                pom.replaceFirst(
                        "(\\n *)(<dependency><groupId>dev.reservoir</groupId><artifactId>reservoir-server</artifactId></dependency>)",
                        "$1$2$1<dependency><groupId>dev.reservoir</groupId>"
                                + "<artifactId>reservoir-spring-boot-starter</artifactId></dependency>"));
        assertThat(stale(tree, jar)).isTrue();
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000)); // built
        assertThat(stale(tree, jar)).isFalse();
        Files.setLastModifiedTime(
                tree.resolve("reservoir-spring-boot-starter/src/main/java/A.java"),
                FileTime.fromMillis(System.currentTimeMillis() + 120_000));
        assertThat(stale(tree, jar)).isTrue();
        assertThat(tree.resolve("reservoir-cli/target/reservoir-modules"))
                .content()
                .contains("reservoir-spring-boot-starter\n", "reservoir-annotations\n", "reservoir-opentelemetry\n");
        // No jar: stale.
        Files.delete(jar);
        assertThat(stale(tree, jar)).isTrue();
    }

    /** What scripts/find-jdk.sh's reservoir_jars_stale, which ./reservoir and scripts/bench call, says. */
    private static boolean stale(Path root, Path jar) throws Exception {
        Process check = new ProcessBuilder(
                        "bash",
                        "-c",
                        ". \"$1\"; reservoir_jars_stale \"$2\" \"$3\"",
                        "check",
                        SOURCES.resolve("scripts/find-jdk.sh").toString(),
                        root.toString(),
                        jar.toString())
                .redirectErrorStream(true)
                .start();
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(said).isEmpty();
        assertThat(check.exitValue()).isIn(0, 1);
        return check.exitValue() == 0;
    }

    private static void touch(Path file) throws IOException {
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
    }

    @Test
    void everyClassOfTheRunnableJarCanGoIntoTheClassArchive() throws Exception {
        // The JVM leaves class files older than Java 6 (major version 50) out of AppCDS and AOT
        // caches; picocli's jar has Java 5 ones, so the build compiles picocli for Java 21.
        List<String> old = new ArrayList<>();
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(Cli.jar())) {
            for (var entry : java.util.Collections.list(jar.entries())) {
                if (!entry.getName().endsWith(".class")) {
                    continue;
                }
                try (var in = new java.io.DataInputStream(jar.getInputStream(entry))) {
                    in.readInt(); // magic
                    in.readUnsignedShort(); // minor
                    if (in.readUnsignedShort() < 50) {
                        old.add(entry.getName());
                    }
                }
            }
        }
        assertThat(old).isEmpty();
    }

    @Test
    void withoutLoopbackNetworkingTheArchiveIsStillMade() throws Exception {
        // A network namespace of its own has its loopback interface down, as in a sandbox without
        // networking: the training's HTTP requests cannot connect, and its stdio part must do.
        org.junit.jupiter.api.Assumptions.assumeTrue(
                new ProcessBuilder("unshare", "-n", "true").start().waitFor() == 0, "unshare -n is not allowed here");
        Path clone = launcherClone();
        Path target = clone.resolve("reservoir-cli/target");
        String javaHome = System.getProperty("java.home");

        Result version =
                run(List.of("unshare", "-n", clone.resolve("reservoir").toString(), "--version"), clone, false);
        assertThat(version.code()).as(version.err()).isZero();
        assertThat(version.out()).startsWith("reservoir ");
        assertThat(version.err())
                .isEqualTo("reservoir: making the class archive for quick starts (once) ..." + System.lineSeparator());
        String archive = Runtime.version().feature() >= 25 ? "reservoir.aot" : "reservoir.jsa";
        assertThat(target.resolve(archive)).isNotEmptyFile();
        // The stamp: the JDK, then (on JDK 25+, whose archive holds no method profiles) that the
        // JVM's replay of profiles can be switched off, then the training that made it.
        assertThat(Files.readAllLines(target.resolve(archive + ".jdk")))
                .containsExactly(javaHome, Runtime.version().feature() >= 25 ? "no-profiles" : "", training(clone));
    }

    @Test
    void anHttpServerWithItsArchiveSaysOnlyWhereItListens() throws Exception {
        // With the archive, the command line is read before the warm-up thread has started SLF4J;
        // a message logged meanwhile made SLF4J print a warning about replaying it (every start
        // serving a folder over HTTP, until serve waited for the logger).
        Path clone = builtClone();
        Path docs = oneFileFolder();
        for (int start = 0; start < 3; start++) {
            ProcessBuilder builder = asAHostSpawns(List.of(
                            clone.resolve("reservoir").toString(), "serve", "--http", "127.0.0.1:0", docs.toString()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            Process server = builder.start();
            BufferedReader err = Cli.stderr(server);
            List<String> lines = new ArrayList<>(Cli.untilBanner(err));
            Thread.sleep(300); // a warning comes once SLF4J has started, after the banner
            server.toHandle().destroy(); // SIGTERM, leaving its stderr open to read: it says it stops, and exits
            assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
            err.lines().forEach(lines::add);
            assertThat(lines)
                    .as("stderr of start %d", start)
                    .allMatch(l -> l.startsWith("reservoir serve: "), "only the server's own lines")
                    .anyMatch(l -> l.contains(" over HTTP at http://127.0.0.1:"));
        }
    }

    @Test
    void aSessionsRequestsMakeNoClassAtRunTime() throws Exception {
        // A class made while the server runs (a pattern switch's, a method handle's form, a lambda
        // the training did not meet) starts the JDK's class-file writer, about 30 ms of a core on
        // the way to the answer that needed it (reservoir-bench/PROFILE.md, forty-eighth pass).
        // With the archive, a session of the requests clients make first (an error answer and a
        // change told among them) makes none, up to its last answer; before JDK 25 (an AppCDS
        // archive, without method handle forms), no pattern switch is met on that way at least. The
        // JVM is asked for its classes with jcmd, as the launcher turns the JVM's logging off.
        Path clone = builtClone();
        Path docs = oneFileFolder();
        ProcessBuilder builder = asAHostSpawns(
                        List.of(clone.resolve("reservoir").toString(), "serve", docs.toString()))
                .redirectError(dir.resolve("err.txt").toFile());
        Process server = builder.start();
        String uri = fileUri(docs) + "a.md";
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        List<String> session = List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri + "\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/templates/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"" + uri
                        + "\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"server/discover\",\"params\":{" + meta + "}}",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri + "\","
                        + meta + "}}",
                "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"resources/list\",\"params\":{" + meta + "}}",
                "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri
                        + ".missing\"}}");
        List<String> spun = new ArrayList<>();
        try (OutputStream in = server.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            for (String message : session) {
                in.write((message + "\n").getBytes(StandardCharsets.UTF_8));
            }
            in.flush();
            ObjectMapper json = new ObjectMapper();
            for (int answered = 0; answered < 10; answered++) {
                String line = out.readLine();
                assertThat(line).as("answer %d", answered + 1).isNotNull();
                JsonNode answer = json.readTree(line);
                assertThat(answer.has(answer.path("id").asInt() == 11 ? "error" : "result"))
                        .as(line)
                        .isTrue();
            }
            // A change of the subscribed file, told; then the subscription given back.
            Files.writeString(docs.resolve("a.md"), "# A, changed\n");
            String told;
            do {
                told = out.readLine();
                assertThat(told).as("the change told").isNotNull();
            } while (!told.contains("notifications/resources/updated"));
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"resources/unsubscribe\",\"params\":{\"uri\":\"" + uri
                            + "\"}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            assertThat(json.readTree(out.readLine()).path("id").asInt()).isEqualTo(6);
            // Asked before stdin closes: the session's end (its subscriptions dropped) is not looked at.
            spun.addAll(madeAtRunTime(server));
        }
        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(spun).isEmpty();
    }

    @Test
    void aFirstBinaryReadTakesItsClassesFromTheArchive() throws Exception {
        // The training reads a small binary file (sent from memory) and one past the sniffed size
        // (streamed): a fresh server's first binary read then loads the classes of its way from
        // the archive, not from the jar (a first class from the jar cost 2-3 ms of a first blob's
        // way: reservoir-bench/PROFILE.md, fiftieth pass).
        Path clone = builtClone();
        Path docs = Files.createDirectories(dir.resolve("bin")).toRealPath();
        Files.write(docs.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0});
        Files.write(docs.resolve("data.bin"), new byte[20_000]);
        ProcessBuilder builder = asAHostSpawns(
                        List.of(clone.resolve("reservoir").toString(), "serve", docs.toString()))
                .redirectError(dir.resolve("err.txt").toFile());
        Process server = builder.start();
        String folder = fileUri(docs);
        try (OutputStream in = server.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/read\",\"params\":{\"uri\":\""
                            + folder + "logo.png\"}}\n"
                            + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\""
                            + folder + "data.bin\"}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            ObjectMapper json = new ObjectMapper();
            assertThat(json.readTree(out.readLine()).has("result")).isTrue();
            // The two reads run at once: their answers come in either order.
            Map<Integer, JsonNode> answers = new java.util.TreeMap<>();
            for (int n = 0; n < 2; n++) {
                JsonNode answer = json.readTree(out.readLine());
                answers.put(answer.path("id").asInt(), answer);
            }
            assertThat(answers).containsOnlyKeys(2, 3);
            for (JsonNode answer : answers.values()) {
                assertThat(answer.path("result").path("contents").path(0).has("blob"))
                        .as(answer.toString())
                        .isTrue();
            }
            Map<String, String> flagsByName = loadedClasses(server);
            for (String name : List.of(
                    "dev.reservoir.server.spi.ContentBody$Bytes",
                    "dev.reservoir.server.spi.ContentBody$BinaryStream",
                    "dev.reservoir.server.internal.SizedContent$CountedBytes",
                    "dev.reservoir.server.internal.RawBytes")) {
                assertThat(flagsByName).as("%s loaded", name).containsKey(name);
                assertThat(flagsByName.get(name))
                        .as("%s from the archive", name)
                        .contains("S");
            }
        }
        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    /** The classes a running server has loaded, with their flags ({@code jcmd PID VM.classes}; S: from the archive). */
    private static Map<String, String> loadedClasses(Process server) throws Exception {
        Map<String, String> flagsByName = new java.util.HashMap<>();
        for (String line : vmClasses(server)) {
            String[] fields = line.trim().split("\\s+");
            flagsByName.put(fields[fields.length - 1], flags(line));
        }
        return flagsByName;
    }

    /** The lines of {@code jcmd PID VM.classes}: KlassAddr Size State Flags ClassName. */
    private static List<String> vmClasses(Process server) throws Exception {
        Process jcmd = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        Long.toString(server.pid()),
                        "VM.classes")
                .redirectErrorStream(true)
                .start();
        List<String> lines = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .toList();
        assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return lines;
    }

    /** A clone of the launcher whose jar and class archive are made (by a first {@code --version}). */
    private Path builtClone() throws Exception {
        Path clone = launcherClone();
        Result made = run(List.of(clone.resolve("reservoir").toString(), "--version"), clone, false);
        assertThat(made.code()).as(made.err()).isZero();
        return clone;
    }

    /** A folder to serve, by its real path, with one file: a.md. */
    private Path oneFileFolder() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs")).toRealPath();
        Files.writeString(docs.resolve("a.md"), "# A\n");
        return docs;
    }

    /**
     * The classes a running server made at run time, asked with {@code jcmd PID VM.classes}: pattern
     * switches' classes, and on JDK 25+ every hidden class that did not come from the archive
     * (lambdas, method handle forms). Also checks that the archive is in use.
     */
    private static List<String> madeAtRunTime(Process server) throws Exception {
        List<String> classes = vmClasses(server);
        // KlassAddr Size State Flags ClassName: hidden classes are named NAME/0xADDRESS, and the
        // flag S marks a class that came from the archive.
        assertThat(classes)
                .as("the archive is used")
                .anyMatch(l -> l.trim().endsWith(" dev.reservoir.cli.Main") && (!archived() || flags(l).contains("S")));
        List<String> spun = new ArrayList<>();
        for (String line : classes) {
            String[] fields = line.trim().split("\\s+");
            String name = fields[fields.length - 1];
            if (name.contains("$$TypeSwitch")
                    || (archived() && name.contains("/0x") && !flags(line).contains("S"))) {
                spun.add(name);
            }
        }
        return spun;
    }

    @Test
    void anHttpSessionsFirstAnswersMakeNoClassAtRunTimeButReflections() throws Exception {
        // Over HTTP too (both eras' first requests, on the HTTP-only way the training, which serves
        // HTTP and stdio together, does not take): the server's shutdown hook was a method
        // reference made at run time just as the port opened (reservoir-bench/PROFILE.md,
        // forty-ninth pass). What the JDK's reflection makes for Jetty's VirtualThreads and the
        // security provider's constructor (method handle forms) is allowed: not ours to change.
        Path clone = builtClone();
        Path docs = oneFileFolder();
        ProcessBuilder builder = asAHostSpawns(List.of(
                        clone.resolve("reservoir").toString(), "serve", "--http", "127.0.0.1:0", docs.toString()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process server = builder.start();
        try {
            java.net.URI endpoint = java.net.URI.create(Cli.bannerUrl(server, "http"));
            String uri = fileUri(docs) + "a.md";
            java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
            java.net.http.HttpResponse<String> init = post(
                    client,
                    endpoint,
                    Map.of("MCP-Protocol-Version", "2025-11-25"),
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
            assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
            assertThat(init.body()).contains("\"result\"");
            String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
            Map<String, String> inSession = Map.of("MCP-Protocol-Version", "2025-11-25", "Mcp-Session-Id", session);
            assertThat(post(
                                    client,
                                    endpoint,
                                    inSession,
                                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                            .statusCode())
                    .isEqualTo(202);
            assertThat(post(client, endpoint, inSession, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\"}")
                            .body())
                    .contains("\"result\"");
            String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
            java.net.http.HttpResponse<String> read = post(
                    client,
                    endpoint,
                    Map.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "resources/read", "Mcp-Name", uri),
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"" + uri + "\","
                            + meta + "}}");
            assertThat(read.body()).as("a read of 2026-07-28").contains("# A");
            List<String> spun = madeAtRunTime(server);
            spun.removeIf(name -> name.startsWith("java.lang.invoke.LambdaForm$MH/"));
            assertThat(spun).isEmpty();
        } finally {
            server.destroy();
            assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static java.net.http.HttpResponse<String> post(
            java.net.http.HttpClient client, java.net.URI endpoint, Map<String, String> headers, String body)
            throws Exception {
        java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return client.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
    }

    /** The flags column of a line of {@code jcmd PID VM.classes} (empty when the class has none). */
    private static String flags(String line) {
        String[] fields = line.trim().split("\\s+");
        return fields.length == 5 ? fields[3] : "";
    }

    /** Whether the launcher's class archive holds method handle forms and lambdas (an AOT cache, JDK 25+). */
    private static boolean archived() {
        return Runtime.version().feature() >= 25;
    }

    @Test
    void aDamagedClassArchiveCostsOnlySpeedAndSaysNothing() throws Exception {
        // A clone whose archive is ready as far as the launcher can tell (newer than the jar,
        // made by this JDK) but that the JVM cannot use: a disk that lost it, a copy cut short.
        Path clone = launcherClone();
        Path target = clone.resolve("reservoir-cli/target");
        String javaHome = System.getProperty("java.home");
        String archive = Runtime.version().feature() >= 25 ? "reservoir.aot" : "reservoir.jsa";
        byte[] damaged = new byte[64 * 1024];
        new java.util.Random(19).nextBytes(damaged);
        Files.write(target.resolve(archive), damaged);
        Files.writeString(target.resolve(archive + ".jdk"), javaHome + "\n\n" + training(clone) + "\n");
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("a.md"), "# A\n");

        Result served = run(List.of(clone.resolve("reservoir").toString(), "serve", docs.toString()), clone, false);
        assertThat(served.code()).as(served.err()).isZero();
        assertThat(served.err().lines().toList())
                .singleElement()
                .asString()
                .startsWith("reservoir serve: file://")
                .endsWith(" over stdio");
        Result version = run(List.of(clone.resolve("reservoir").toString(), "--version"), clone, false);
        assertThat(version.code()).as(version.err()).isZero();
        assertThat(version.out()).startsWith("reservoir ");
        assertThat(version.err()).isEmpty();
    }

    @Test
    void setupBuildsOnceThenAClientsFirstStartAnswersWithoutBuildingOrTraining() throws Exception {
        Path clone = dir.resolve("clone");
        copySources(clone);
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(docs.resolve("a.md"), "# A\n");
        Result setup = run(List.of("./reservoir", "setup", docs.toString()), clone, false);
        System.out.printf("LauncherIT: ./reservoir setup on a fresh copy took %,d ms%n", setup.millis());
        assertThat(setup.code()).as(setup.err()).isZero();
        // The training run (stdio and HTTP) succeeded: the launcher stamps the archive only then
        // (an AOT cache or an AppCDS archive, as the JDK it found can make).
        Path built = clone.resolve("reservoir-cli/target");
        assertThat(Stream.of("reservoir.aot", "reservoir.jsa")
                        .filter(a -> Files.isRegularFile(built.resolve(a + ".jdk")))
                        .map(built::resolve))
                .singleElement()
                .satisfies(a -> assertThat(a).isNotEmptyFile());
        assertThat(setup.err())
                .contains("reservoir: building ")
                .contains("reservoir: making the class archive for quick starts (once) ...")
                .doesNotContain("\u001b")
                .doesNotContain("sun.misc.Unsafe");
        String json =
                setup.out().substring(setup.out().indexOf('{'), setup.out().lastIndexOf('}') + 1);
        JsonNode entry = new ObjectMapper().readTree(json).path("mcpServers").path("docs");
        assertThat(entry.path("command").asText())
                .isEqualTo(clone.resolve("reservoir").toString());
        assertThat(entry.path("args").toString()).isEqualTo("[\"serve\",\"" + docs + "\"]");

        // The client's first start, as the configuration says.
        long start = System.nanoTime();
        ProcessBuilder builder = asAHostSpawns(List.of(entry.path("command").asText(), "serve", docs.toString()));
        Path stderr = dir.resolve("stderr");
        Process server = builder.redirectError(stderr.toFile()).start();
        try (OutputStream in = server.getOutputStream();
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            String answer = out.readLine();
            System.out.printf(
                    "LauncherIT: first answer of the first start after setup: %,d ms%n",
                    (System.nanoTime() - start) / 1_000_000);
            assertThat(answer).contains("\"protocolVersion\":\"2025-11-25\"");
            // The launcher's start-up options reached the JVM (it execs java: same process). No
            // perf data file (-XX:-UsePerfData), and no thread replaying method profiles the
            // archive does not hold (-XX:-AOTReplayTraining): each cost the first answer ms.
            assertThat(Path.of("/tmp/hsperfdata_" + System.getProperty("user.name"), String.valueOf(server.pid())))
                    .doesNotExist();
            if (Runtime.version().feature() >= 25) {
                List<String> threads = new ArrayList<>();
                try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(server.pid()), "task"))) {
                    for (Path task : tasks.toList()) {
                        try {
                            threads.add(Files.readString(task.resolve("comm")).strip());
                        } catch (java.nio.file.NoSuchFileException ended) {
                            // a thread that ended between the listing and this read
                        }
                    }
                }
                assertThat(threads).contains("reservoir-stdin").doesNotContain("Training replay");
            }
        }
        assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(stderr))
                .doesNotContain("building")
                .doesNotContain("class archive")
                .startsWith("reservoir serve: file://");
    }

    /** The sources as a fresh clone has them: no build output, no installed packages, no git. */
    private static void copySources(Path clone) throws IOException {
        Files.walkFileTree(SOURCES, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attributes) throws IOException {
                String name = d.getFileName().toString();
                if (!d.equals(SOURCES)
                        && (name.equals(".git") || name.equals("target") || name.equals("node_modules"))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(clone.resolve(SOURCES.relativize(d).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile()) {
                    Files.copy(f, clone.resolve(SOURCES.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** A clone holding only the launcher, its scripts and the built jar, its JDK already found (this one). */
    private Path launcherClone() throws IOException {
        Path clone = dir.resolve("clone");
        Files.createDirectories(clone.resolve("scripts"));
        Path target = Files.createDirectories(clone.resolve("reservoir-cli/target"));
        for (String file : List.of("reservoir", "scripts/find-jdk.sh", "scripts/mvn")) {
            Files.copy(SOURCES.resolve(file), clone.resolve(file), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Files.copy(Path.of(Cli.jar()), target.resolve("reservoir.jar"));
        Files.writeString(
                target.resolve("java-home"),
                System.getProperty("java.home") + " " + Runtime.version().feature() + "\n");
        return clone;
    }

    /** The training the launcher names in its stamp ({@code training=N} in the script). */
    private static String training(Path clone) throws Exception {
        return Files.readAllLines(clone.resolve("reservoir")).stream()
                .filter(l -> l.matches("training=\\d+"))
                .map(l -> l.substring("training=".length()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the launcher names no training"));
    }
}
