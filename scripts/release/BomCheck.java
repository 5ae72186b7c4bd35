import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.w3c.dom.Element;

/** The staged BOM manages every published jar at the release's version, and nothing else. */
final class BomCheck {

    static final String BOM = "reservoir-bom";

    private final Reactor reactor;
    private final Staging staging;
    private final Problems problems;

    BomCheck(Reactor reactor, Staging staging, Problems problems) {
        this.reactor = reactor;
        this.staging = staging;
        this.problems = problems;
    }

    void run() {
        Path file = staging.file(BOM, null, "pom");
        if (!Files.exists(file)) {
            problems.add("bom", BOM + " is not staged");
            return;
        }
        Pom bom = Pom.read(file);
        Set<String> managed = new TreeSet<>();
        for (Element d : bom.elements("dependencyManagement/dependencies/dependency")) {
            String id = Pom.childText(d, "groupId") + ":" + Pom.childText(d, "artifactId");
            String version = Pom.childText(d, "version");
            if (!reactor.groupId().equals(Pom.childText(d, "groupId"))) {
                problems.add("bom", "manages " + id + ", which is not ours");
            } else if (!managed.add(Pom.childText(d, "artifactId"))) {
                problems.add("bom", "manages " + id + " twice");
            }
            if (!reactor.version().equals(version) && !"${project.version}".equals(version)) {
                problems.add("bom", id + " has version " + version + ", not " + reactor.version());
            }
        }
        Set<String> published = new TreeSet<>();
        reactor.jars().forEach(a -> published.add(a.artifactId()));
        for (String id : published) {
            if (!managed.contains(id)) {
                problems.add("bom", "does not manage the published artifact " + id);
            }
        }
        for (String id : managed) {
            if (!published.contains(id)) {
                problems.add("bom", "manages " + id + ", which is not published");
            }
        }
        problems.note("bom", "manages " + managed.size() + " artifacts; " + published.size() + " jars are published");
    }
}
