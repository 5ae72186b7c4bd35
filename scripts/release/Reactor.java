import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;

/**
 * What the build publishes, read from the poms: the parent, and every module of its {@code <modules>}
 * that does not set {@code maven.deploy.skip} (the BOM included).
 */
record Reactor(String groupId, String version, List<Artifact> published, List<String> skipped) {

    /** One published artifact; {@code module} is the JPMS name its pom declares (jars only). */
    record Artifact(String artifactId, String packaging, Path dir, String module) {
        boolean isJar() {
            return packaging.equals("jar");
        }
    }

    static Reactor read(Path root) {
        Pom parent = Pom.read(root.resolve("pom.xml"));
        String groupId = parent.text("groupId").orElseThrow();
        String version = parent.text("version").orElseThrow();
        List<Artifact> published = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        published.add(new Artifact(parent.text("artifactId").orElseThrow(), "pom", root, null));
        for (Element m : parent.elements("modules/module")) {
            Path dir = root.resolve(m.getTextContent().trim());
            Pom pom = Pom.read(dir.resolve("pom.xml"));
            String artifactId = pom.text("artifactId").orElseThrow();
            if (pom.text("properties/maven.deploy.skip").orElse("false").equals("true")) {
                skipped.add(artifactId);
                continue;
            }
            String packaging = pom.text("packaging").orElse("jar");
            String module = pom.text("properties/reservoir.module").orElse(null);
            published.add(new Artifact(artifactId, packaging, dir, module));
        }
        return new Reactor(groupId, version, List.copyOf(published), List.copyOf(skipped));
    }

    List<Artifact> jars() {
        return published.stream().filter(Artifact::isJar).toList();
    }

    /**
     * The runtime class path Maven resolved for a module (written by dependency:build-classpath
     * into target/runtime-classpath.txt during the release build).
     */
    static List<Path> runtimeClasspath(Artifact artifact) throws java.io.IOException {
        Path file = artifact.dir().resolve("target/runtime-classpath.txt");
        if (!Files.exists(file)) {
            throw new IllegalStateException(file + " is missing: run the build with dependency:build-classpath");
        }
        String text = Files.readString(file).trim();
        List<Path> out = new ArrayList<>();
        for (String entry : text.isEmpty() ? new String[0] : text.split(java.io.File.pathSeparator)) {
            out.add(Path.of(entry));
        }
        return out;
    }
}
