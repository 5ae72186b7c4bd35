import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Reproducible builds: the staged jars (built from clean by the release build) are byte for byte
 * the jars of an earlier build of the same commit ({@code firstBuild}, copied there as
 * ARTIFACTID.jar). On a difference it names the entries that differ.
 */
final class ReproducibleCheck {

    private final Reactor reactor;
    private final Staging staging;
    private final Path firstBuild;
    private final Problems problems;

    ReproducibleCheck(Reactor reactor, Staging staging, Path firstBuild, Problems problems) {
        this.reactor = reactor;
        this.staging = staging;
        this.firstBuild = firstBuild;
        this.problems = problems;
    }

    void run() throws Exception {
        int same = 0;
        for (Reactor.Artifact artifact : reactor.jars()) {
            Path staged = staging.file(artifact.artifactId(), null, "jar");
            Path first = firstBuild.resolve(artifact.artifactId() + ".jar");
            if (!Files.exists(first)) {
                problems.add("reproducible", "no jar of " + artifact.artifactId() + " from the first build");
            } else if (Files.exists(staged)) {
                if (sha256(Files.readAllBytes(first)).equals(sha256(Files.readAllBytes(staged)))) {
                    same++;
                } else {
                    problems.add("reproducible", artifact.artifactId() + ".jar differs between two builds: "
                            + differences(first, staged));
                }
            }
        }
        problems.note("reproducible", same + " of " + reactor.jars().size()
                + " jars identical (sha-256) in two builds of the same commit");
    }

    private static String differences(Path a, Path b) throws Exception {
        Map<String, String> left = digests(a);
        Map<String, String> right = digests(b);
        TreeSet<String> names = new TreeSet<>(left.keySet());
        names.addAll(right.keySet());
        names.removeIf(n -> left.get(n) != null && left.get(n).equals(right.get(n)));
        return names.isEmpty() ? "same entries, different zip metadata (times or order)" : names.toString();
    }

    private static Map<String, String> digests(Path jar) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                try (InputStream in = zip.getInputStream(entry)) {
                    out.put(entry.getName(), sha256(in.readAllBytes()));
                }
            }
        }
        return out;
    }

    private static String sha256(byte[] bytes) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
    }
}
