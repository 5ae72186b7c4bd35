import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.w3c.dom.Element;

/**
 * A Maven repository on disk, as {@code mvn deploy -DaltDeploymentRepository=id::file:DIR} writes
 * it. A SNAPSHOT's files carry a timestamp instead of "SNAPSHOT"; maven-metadata.xml says which.
 */
record Staging(Path root, String groupId, String version) {

    Path versionDir(String artifactId) {
        return root.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version);
    }

    /** The staged file of an artifact ({@code classifier} may be null); it may not exist. */
    Path file(String artifactId, String classifier, String extension) {
        String suffix = (classifier == null ? "" : "-" + classifier) + "." + extension;
        String stamped = fileVersion(artifactId, classifier, extension);
        return versionDir(artifactId).resolve(artifactId + "-" + stamped + suffix);
    }

    private String fileVersion(String artifactId, String classifier, String extension) {
        if (!version.endsWith("-SNAPSHOT")) {
            return version;
        }
        Path metadata = versionDir(artifactId).resolve("maven-metadata.xml");
        if (!Files.exists(metadata)) {
            return version;
        }
        for (Element v : Pom.read(metadata).elements("versioning/snapshotVersions/snapshotVersion")) {
            String c = Pom.childText(v, "classifier");
            boolean sameClassifier = classifier == null ? c == null || c.isEmpty() : classifier.equals(c);
            if (sameClassifier && extension.equals(Pom.childText(v, "extension"))) {
                return Pom.childText(v, "value");
            }
        }
        return version;
    }

    /** The artifactIds that have a folder under the group. */
    Set<String> artifactIds() throws IOException {
        Path group = root.resolve(groupId.replace('.', '/'));
        Set<String> ids = new TreeSet<>();
        if (Files.isDirectory(group)) {
            try (Stream<Path> dirs = Files.list(group)) {
                dirs.filter(Files::isDirectory).forEach(d -> ids.add(d.getFileName().toString()));
            }
        }
        return ids;
    }
}
