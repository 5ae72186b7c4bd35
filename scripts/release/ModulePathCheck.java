import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The jars as a modular application uses them: every published jar is an explicit module (a
 * module-info, not an automatic module) that exports no internal package; the command line starts
 * on the module path, finds every provider module through its services and serves a folder and
 * a git repository over stdio; and a modular consumer that requires dev.reservoir.server compiles against its API but
 * not against its internals.
 */
final class ModulePathCheck {

    static final String CLI = "reservoir-cli";
    // HeaderDeadline reads Jetty's HttpConnection, in a package Jetty exports to no one.
    private static final String JETTY_EXPORT =
            "org.eclipse.jetty.server/org.eclipse.jetty.server.internal=dev.reservoir.transport.http";
    private static final long SECONDS = 120;

    private final Path root;
    private final Reactor reactor;
    private final Staging staging;
    private final Problems problems;

    ModulePathCheck(Path root, Reactor reactor, Staging staging, Problems problems) {
        this.root = root;
        this.reactor = reactor;
        this.staging = staging;
        this.problems = problems;
    }

    void run() throws Exception {
        List<Path> modulePath = new ArrayList<>();
        for (Reactor.Artifact artifact : reactor.jars()) {
            Path jar = staging.file(artifact.artifactId(), null, "jar");
            if (Files.exists(jar)) {
                modulePath.add(jar);
                checkExplicit(artifact.artifactId(), jar);
            }
        }
        Reactor.Artifact cli = reactor.jars().stream()
                .filter(a -> a.artifactId().equals(CLI))
                .findFirst()
                .orElseThrow();
        for (Path entry : Reactor.runtimeClasspath(cli)) {
            if (!entry.toAbsolutePath().startsWith(cli.dir().getParent().toAbsolutePath())) {
                modulePath.add(entry); // a third-party jar; ours come from the staging
            }
        }
        String path = String.join(File.pathSeparator, modulePath.stream().map(Path::toString).toList());
        checkCli(path);
        checkConsumer(path);
        problems.note("module-path", modulePath.size() + " jars on the module path");
    }

    private void checkExplicit(String artifactId, Path jar) {
        ModuleDescriptor descriptor;
        try {
            descriptor = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
        } catch (RuntimeException e) {
            return; // reported by the module check
        }
        if (descriptor.isAutomatic()) {
            problems.add("module-path", artifactId + " has no module-info (an automatic module exports everything)");
            return;
        }
        for (ModuleDescriptor.Exports exports : descriptor.exports()) {
            if (!exports.isQualified() && exports.source().matches(".*\\.internal(\\..*)?")) {
                problems.add("module-path", artifactId + " exports its internal package " + exports.source());
            }
        }
    }

    /**
     * {@code reservoir serve --help} lists the three provider kinds; {@code reservoir serve DIR} reads
     * a file (Tika sniffs it); {@code reservoir serve git:ROOT} lists this repository (JGit).
     */
    private void checkCli(String path) throws Exception {
        Path folder = Files.createTempDirectory("reservoir-module-path");
        try {
            Files.writeString(folder.resolve("hello.md"), "# Hello from the module path\n");
            String help = java(path, List.of("serve", "--help"), "");
            for (String kind : List.of("folder", "git", "database")) {
                if (!help.contains("  " + kind + " ")) {
                    problems.add("module-path", "the command line on the module path does not find the provider kind "
                            + kind + " (serve --help printed: " + shorten(help) + ")");
                }
            }
            String answers = java(path, List.of("serve", folder.toString()), requests(
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\""
                            + folder.resolve("hello.md").toUri() + "\"}}"));
            if (!answers.contains("Hello from the module path")) {
                problems.add("module-path", "the command line does not serve a folder on the module path (it answered: "
                        + shorten(answers) + ")");
            }
            if (Files.exists(root.resolve(".git"))) {
                String git = java(path, List.of("serve", "git:" + root), requests(""));
                if (!git.contains("(git repository)")) {
                    problems.add("module-path", "the command line does not serve a git repository on the module path"
                            + " (it answered: " + shorten(git) + ")");
                }
            }
        } finally {
            Files.deleteIfExists(folder.resolve("hello.md"));
            Files.deleteIfExists(folder);
        }
    }

    /** Initialize, then list the resources, then {@code more}: the lines a client writes to {@code serve}. */
    private static String requests(String more) {
        return """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
                "capabilities":{},"clientInfo":{"name":"release-check","version":"1"}}}
                {"jsonrpc":"2.0","method":"notifications/initialized"}
                {"jsonrpc":"2.0","id":2,"method":"resources/list"}
                """ + more + "\n";
    }

    /** Runs the command line on the module path with {@code input} on its stdin; answers its stdout and stderr. */
    private static String java(String path, List<String> args, String input) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path",
                path,
                "--add-exports",
                JETTY_EXPORT,
                "--module",
                "dev.reservoir.cli/dev.reservoir.cli.Main"));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        AtomicReference<String> out = new AtomicReference<>("");
        Thread reader = Thread.startVirtualThread(() -> {
            try {
                out.set(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                out.set("(its output could not be read: " + e + ")");
            }
        });
        if (!process.waitFor(SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        return out.get();
    }

    /** A module that requires dev.reservoir.server compiles against its API, and not against its internals. */
    private void checkConsumer(String path) throws IOException {
        String api = "package consumer; public class Api { public static Object build() {"
                + " return dev.reservoir.server.McpServer.builder().build(); } }";
        String internal = "package consumer; public class Engine { dev.reservoir.server.internal.ServerImpl engine; }";
        String apiErrors = compile(path, "Api", api);
        if (apiErrors != null) {
            problems.add("module-path", "a module requiring dev.reservoir.server does not compile against its API: "
                    + shorten(apiErrors));
        }
        String internalErrors = compile(path, "Engine", internal);
        if (internalErrors == null) {
            problems.add("module-path", "a module requiring dev.reservoir.server compiles against its internal package");
        } else if (!internalErrors.contains("does not export")) {
            problems.add("module-path", "a consumer of dev.reservoir.server's internals failed for another reason: "
                    + shorten(internalErrors));
        }
    }

    /** Compiles module {@code consumer} with one class; answers null, or javac's errors. */
    private static String compile(String path, String name, String source) throws IOException {
        Path dir = Files.createTempDirectory("reservoir-consumer");
        try {
            Path pkg = Files.createDirectories(dir.resolve("src/consumer"));
            Files.writeString(dir.resolve("src/module-info.java"), "module consumer { requires dev.reservoir.server; }");
            Files.writeString(pkg.resolve(name + ".java"), source);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            StringWriter errors = new StringWriter();
            int status = javac.getTask(errors, null, null, List.of("--module-path", path, "-d",
                            dir.resolve("out").toString()), null,
                    javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)
                            .getJavaFileObjects(dir.resolve("src/module-info.java"), pkg.resolve(name + ".java")))
                    .call() ? 0 : 1;
            return status == 0 ? null : errors.toString();
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String shorten(String text) {
        String one = text.strip().replace('\n', ' ');
        return one.length() > 400 ? one.substring(0, 400) + "..." : one;
    }
}
