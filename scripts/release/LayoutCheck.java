import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * What Maven Central checks of an upload: exactly the published artifacts; for each a pom, and for
 * a jar module the jar, -sources.jar and -javadoc.jar; beside every file a signature that gpg
 * verifies and .md5/.sha1 checksums that match; and the POM metadata Central requires.
 */
final class LayoutCheck {

    private final Reactor reactor;
    private final Staging staging;
    private final Problems problems;
    private int files;

    LayoutCheck(Reactor reactor, Staging staging, Problems problems) {
        this.reactor = reactor;
        this.staging = staging;
        this.problems = problems;
    }

    void run() throws Exception {
        Set<String> expected = new TreeSet<>();
        reactor.published().forEach(a -> expected.add(a.artifactId()));
        Set<String> staged = staging.artifactIds();
        for (String id : staged) {
            if (!expected.contains(id)) {
                problems.add("layout", id + " is staged but is not a published module");
            }
        }
        for (Reactor.Artifact artifact : reactor.published()) {
            if (!staged.contains(artifact.artifactId())) {
                problems.add("layout", artifact.artifactId() + " is not staged");
                continue;
            }
            for (String[] file : requiredFiles(artifact)) {
                checkFile(artifact.artifactId(), staging.file(artifact.artifactId(), file[0], file[1]));
            }
            new PomMetadata(staging, problems).check(artifact.artifactId());
        }
        problems.note("layout", reactor.published().size() + " artifacts published, " + files
                + " files checked (signature, .md5, .sha1, POM metadata); not published: " + reactor.skipped());
    }

    private static List<String[]> requiredFiles(Reactor.Artifact artifact) {
        List<String[]> out = new ArrayList<>();
        out.add(new String[] {null, "pom"});
        if (artifact.isJar()) {
            out.add(new String[] {null, "jar"});
            out.add(new String[] {"sources", "jar"});
            out.add(new String[] {"javadoc", "jar"});
        }
        return out;
    }

    private void checkFile(String artifactId, Path file) throws Exception {
        if (!Files.isRegularFile(file)) {
            problems.add("layout", artifactId + ": " + file.getFileName() + " is missing");
            return;
        }
        files++;
        checksum(file, "md5", "MD5");
        checksum(file, "sha1", "SHA-1");
        Path signature = file.resolveSibling(file.getFileName() + ".asc");
        if (!Files.isRegularFile(signature)) {
            problems.add("layout", file.getFileName() + ".asc is missing");
        } else if (!gpgVerifies(signature, file)) {
            problems.add("layout", file.getFileName() + ".asc is not a good signature of the file");
        }
    }

    private void checksum(Path file, String extension, String algorithm) throws Exception {
        Path sum = file.resolveSibling(file.getFileName() + "." + extension);
        if (!Files.isRegularFile(sum)) {
            problems.add("layout", sum.getFileName() + " is missing");
            return;
        }
        String expected = Files.readString(sum).trim().split("\\s+")[0];
        String actual = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
        if (!expected.equalsIgnoreCase(actual)) {
            problems.add("layout", sum.getFileName() + " does not match the file");
        }
    }

    /** gpg --verify with the keyring of GNUPGHOME (the throwaway key of scripts/release-check). */
    private static boolean gpgVerifies(Path signature, Path file) throws IOException, InterruptedException {
        Process gpg = new ProcessBuilder("gpg", "--batch", "--verify", signature.toString(), file.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!gpg.waitFor(60, TimeUnit.SECONDS)) {
            gpg.destroyForcibly();
            return false;
        }
        return gpg.exitValue() == 0;
    }
}
