import java.io.IOException;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipFile;

/**
 * JPMS: every published jar is a module with a valid name (its module-info), the name is "dev.reservoir." plus the artifactId without "reservoir-"
 * with dots for dashes, every package lies under that name (so no two jars share a package: a
 * split package cannot load on the module path), and the sources and javadoc jars are not empty.
 */
final class ModuleCheck {

    private final Reactor reactor;
    private final Staging staging;
    private final Problems problems;

    ModuleCheck(Reactor reactor, Staging staging, Problems problems) {
        this.reactor = reactor;
        this.staging = staging;
        this.problems = problems;
    }

    static String expectedName(String artifactId) {
        // A Spring Boot starter is named for what it starts (reservoir-spring-boot-starter: dev.reservoir.spring).
        return "dev.reservoir."
                + artifactId.replaceFirst("^reservoir-", "").replaceFirst("-boot-starter$", "").replace('-', '.');
    }

    void run() throws IOException {
        Map<String, String> packageOwner = new HashMap<>();
        Set<String> names = new TreeSet<>();
        for (Reactor.Artifact artifact : reactor.jars()) {
            Path jar = staging.file(artifact.artifactId(), null, "jar");
            if (!Files.exists(jar)) {
                continue; // reported by the layout check
            }
            ModuleDescriptor descriptor = describe(artifact.artifactId(), jar);
            if (descriptor == null) {
                continue;
            }
            checkName(artifact, descriptor, names);
            // A module-info lists its packages; a class outside them still splits a package on the class path.
            Set<String> packages = new TreeSet<>(descriptor.packages());
            packages.addAll(classPackages(jar));
            for (String pkg : packages) {
                checkPackage(artifact.artifactId(), descriptor.name(), pkg, packageOwner);
            }
            checkCompanions(artifact.artifactId(), descriptor.packages());
        }
        problems.note("jpms", names.size() + " modules, " + packageOwner.size() + " packages: " + names);
    }

    private ModuleDescriptor describe(String artifactId, Path jar) {
        try {
            Set<ModuleReference> found = ModuleFinder.of(jar).findAll();
            return found.iterator().next().descriptor();
        } catch (FindException e) {
            problems.add("jpms", artifactId + ": not a valid module: " + e.getMessage()
                    + (e.getCause() == null ? "" : " (" + e.getCause().getMessage() + ")"));
            return null;
        }
    }

    private void checkName(Reactor.Artifact artifact, ModuleDescriptor descriptor, Set<String> names) {
        String expected = expectedName(artifact.artifactId());
        if (!descriptor.name().equals(expected)) {
            problems.add("jpms", artifact.artifactId() + " is module " + descriptor.name() + ", expected " + expected
                    + (descriptor.isAutomatic() ? " (no Automatic-Module-Name: derived from the file name)" : ""));
        }
        if (!expected.equals(artifact.module())) {
            problems.add("jpms", artifact.artifactId() + "/pom.xml sets reservoir.module to " + artifact.module()
                    + ", expected " + expected);
        }
        if (!names.add(descriptor.name())) {
            problems.add("jpms", "two jars are module " + descriptor.name());
        }
    }

    private void checkPackage(String artifactId, String module, String pkg, Map<String, String> owner) {
        if (!pkg.equals(module) && !pkg.startsWith(module + ".")) {
            problems.add("jpms", artifactId + " holds package " + pkg + ", outside its module's name " + module);
        }
        String previous = owner.putIfAbsent(pkg, artifactId);
        if (previous != null) {
            problems.add("jpms", "split package " + pkg + ": in " + previous + " and in " + artifactId);
        }
    }

    /** The packages that hold classes (a module's packages include those that hold only resources). */
    private static Set<String> classPackages(Path jar) throws IOException {
        Set<String> out = new TreeSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream()
                    .map(e -> e.getName())
                    .filter(n -> n.endsWith(".class") && n.contains("/") && !n.startsWith("META-INF/"))
                    .forEach(n -> out.add(n.substring(0, n.lastIndexOf('/')).replace('/', '.')));
        }
        return out;
    }

    /** The sources jar has the .java files of every package with classes, the javadoc jar its index. */
    private void checkCompanions(String artifactId, Set<String> packages) throws IOException {
        Path sources = staging.file(artifactId, "sources", "jar");
        Path javadoc = staging.file(artifactId, "javadoc", "jar");
        if (Files.exists(sources)) {
            Set<String> withSources = new TreeSet<>();
            try (ZipFile zip = new ZipFile(sources.toFile())) {
                zip.stream()
                        .map(e -> e.getName())
                        .filter(n -> n.endsWith(".java") && n.contains("/"))
                        .forEach(n -> withSources.add(n.substring(0, n.lastIndexOf('/')).replace('/', '.')));
            }
            Set<String> missing = new TreeSet<>(packages);
            missing.retainAll(classPackages(staging.file(artifactId, null, "jar"))); // not resource-only ones
            missing.removeAll(withSources);
            if (!missing.isEmpty()) {
                problems.add("jpms", artifactId + "-sources.jar has no sources for " + missing);
            }
        }
        if (Files.exists(javadoc)) {
            try (ZipFile zip = new ZipFile(javadoc.toFile())) {
                if (zip.getEntry("index.html") == null) {
                    problems.add("jpms", artifactId + "-javadoc.jar has no index.html");
                }
            }
        }
    }
}
