import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.ZipFile;

/**
 * native-image reachability metadata, checked without GraalVM: each jar's metadata lies under
 * META-INF/native-image/GROUP/ARTIFACT/ (or picocli's generated folder); every class, method and
 * field it names exists on the module's runtime class path, every resource pattern matches a
 * resource and every bundle loads; and every reflective call in the jar (ReflectiveCalls) is
 * listed in reflective-calls.txt with the metadata that serves it, which must be there.
 */
final class NativeImageCheck {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Reactor reactor;
    private final Staging staging;
    private final Path callsFile;
    private final Problems problems;

    NativeImageCheck(Reactor reactor, Staging staging, Path callsFile, Problems problems) {
        this.reactor = reactor;
        this.staging = staging;
        this.callsFile = callsFile;
        this.problems = problems;
    }

    void run() throws Exception {
        ListedCalls listed = ListedCalls.read(callsFile, problems);
        Map<String, Integer> entries = new TreeMap<>();
        int calls = 0;
        for (Reactor.Artifact artifact : reactor.jars()) {
            Path jar = staging.file(artifact.artifactId(), null, "jar");
            if (!Files.exists(jar)) {
                continue; // reported by the layout check
            }
            List<Path> classpath = new ArrayList<>(List.of(jar));
            classpath.addAll(Reactor.runtimeClasspath(artifact));
            try (URLClassLoader loader = new URLClassLoader(urls(classpath), ClassLoader.getPlatformClassLoader())) {
                Metadata metadata = new Metadata(artifact.artifactId(), classpath, loader, problems);
                int count = checkMetadata(artifact, jar, metadata);
                if (count > 0) {
                    entries.put(artifact.artifactId(), count);
                }
                Set<ReflectiveCalls.Call> found;
                try {
                    found = ReflectiveCalls.in(jar);
                } catch (IllegalStateException e) {
                    problems.add("native-image", artifact.artifactId() + ": " + e.getMessage());
                    continue;
                }
                calls += found.size();
                listed.check(artifact.artifactId(), found, metadata);
            }
        }
        listed.checkAllSeen();
        problems.note("native-image", "metadata entries per jar " + entries + "; " + calls
                + " reflective calls found in the jars");
    }

    private int checkMetadata(Reactor.Artifact artifact, Path jar, Metadata metadata) throws Exception {
        String coordinates = reactor.groupId() + "/" + artifact.artifactId() + "/";
        String own = "META-INF/native-image/" + coordinates;
        String picocli = "META-INF/native-image/picocli-generated/" + coordinates;
        int count = 0;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (var entry : zip.stream().filter(e -> !e.isDirectory()).toList()) {
                String name = entry.getName();
                if (!name.startsWith("META-INF/native-image/")) {
                    continue;
                }
                if (!name.startsWith(own) && !name.startsWith(picocli)) {
                    problems.add("native-image", artifact.artifactId() + ": " + name + " is outside " + own);
                    continue;
                }
                byte[] bytes = zip.getInputStream(entry).readAllBytes();
                count += switch (name.substring(name.lastIndexOf('/') + 1)) {
                    case "reflect-config.json" -> metadata.reflection(JSON.readTree(bytes));
                    case "resource-config.json" -> metadata.resources(JSON.readTree(bytes));
                    case "proxy-config.json" -> metadata.proxies(JSON.readTree(bytes));
                    case "native-image.properties" -> arguments(artifact.artifactId(), bytes);
                    default -> {
                        problems.add("native-image", artifact.artifactId() + ": unexpected file " + name);
                        yield 0;
                    }
                };
            }
        }
        return count;
    }

    private int arguments(String artifactId, byte[] bytes) throws Exception {
        Properties properties = new Properties();
        properties.load(new java.io.ByteArrayInputStream(bytes));
        String args = properties.getProperty("Args", "").trim();
        if (args.isEmpty()) {
            problems.add("native-image", artifactId + ": native-image.properties without Args");
            return 0;
        }
        return args.split("\\s+").length;
    }

    private static URL[] urls(List<Path> paths) throws Exception {
        URL[] urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = paths.get(i).toUri().toURL();
        }
        return urls;
    }

    /** The resource names (not directories) of every jar on a class path. */
    static Set<String> resourceNames(List<Path> classpath) throws Exception {
        Set<String> names = new TreeSet<>();
        for (Path p : classpath) {
            if (Files.isRegularFile(p)) {
                try (ZipFile zip = new ZipFile(p.toFile())) {
                    zip.stream().filter(e -> !e.isDirectory()).forEach(e -> names.add(e.getName()));
                }
            }
        }
        return names;
    }

    /** Used by Metadata for bundle names. */
    static JsonNode orEmpty(JsonNode node) {
        return node == null ? JSON.createArrayNode() : node;
    }
}
