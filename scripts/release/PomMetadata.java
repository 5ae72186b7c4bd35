import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The POM metadata Maven Central requires (name, description, url, a license, a developer, scm),
 * as a consumer sees it: inherited from the staged parent where the pom does not say it, and
 * without Maven's default of appending the artifactId to inherited URLs.
 */
final class PomMetadata {

    private static final List<String> REQUIRED = List.of(
            "name", "description", "url", "licenses/license/name", "licenses/license/url",
            "developers/developer/name", "scm/url", "scm/connection");

    private final Staging staging;
    private final Problems problems;

    PomMetadata(Staging staging, Problems problems) {
        this.staging = staging;
        this.problems = problems;
    }

    void check(String artifactId) {
        Path file = staging.file(artifactId, null, "pom");
        if (!Files.exists(file)) {
            return; // reported by the layout check
        }
        Pom pom = Pom.read(file);
        Optional<Pom> parent = parent(pom);
        for (String field : REQUIRED) {
            if (pom.text(field).isEmpty() && parent.flatMap(p -> p.text(field)).isEmpty()) {
                problems.add("pom", artifactId + ": no " + field + " (Maven Central requires it)");
            }
        }
        if (pom.text("name").isEmpty() || pom.text("description").isEmpty()) {
            problems.add("pom", artifactId + ": name and description must be its own, not the parent's");
        }
        parent.ifPresent(p -> checkInheritedUrls(artifactId, pom, p));
    }

    private Optional<Pom> parent(Pom pom) {
        return pom.text("parent/artifactId").map(id -> {
            Path file = staging.file(id, null, "pom");
            if (!Files.exists(file)) {
                problems.add("pom", "the parent pom " + id + " is not staged");
                return null;
            }
            return Pom.read(file);
        });
    }

    /** An inherited URL gets "/artifactId" appended unless the parent turns that off. */
    private void checkInheritedUrls(String artifactId, Pom pom, Pom parent) {
        check(artifactId, pom, parent, "url", parent.root().getAttribute("child.project.url.inherit.append.path"));
        parent.element("scm").ifPresent(scm -> {
            String url = scm.getAttribute("child.scm.url.inherit.append.path");
            String connection = scm.getAttribute("child.scm.connection.inherit.append.path");
            check(artifactId, pom, parent, "scm/url", url);
            check(artifactId, pom, parent, "scm/connection", connection);
        });
    }

    private void check(String artifactId, Pom pom, Pom parent, String field, String appendPath) {
        if (pom.text(field).isEmpty() && parent.text(field).isPresent() && !"false".equals(appendPath)) {
            problems.add("pom", artifactId + ": inherits " + field + " as " + parent.text(field).get() + "/"
                    + artifactId + ", an address that does not exist");
        }
    }
}
