import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Checks a release staged by scripts/release-check, as Maven Central and a Java team would see it:
 * layout, signatures and checksums, POM metadata, JPMS module names, the jars on the module path
 * (explicit modules, the command line run there, a modular consumer kept out of the internals), the
 * BOM, reproducibility and native-image metadata. Prints one line per check and every problem; exits 1 on any problem.
 *
 * <p>Usage: ReleaseCheck --root REPO --staging DIR --first-build DIR --calls reflective-calls.txt
 */
public final class ReleaseCheck {

    private ReleaseCheck() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Problems problems = check(
                Path.of(options.get("--root")),
                Path.of(options.get("--staging")),
                Path.of(options.get("--first-build")),
                Path.of(options.get("--calls")));
        problems.print(System.out);
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    /** Runs every check on a staging folder. */
    static Problems check(Path root, Path stagingDir, Path firstBuild, Path calls) throws Exception {
        Reactor reactor = Reactor.read(root);
        Staging staging = new Staging(stagingDir, reactor.groupId(), reactor.version());
        Problems problems = new Problems();
        new LayoutCheck(reactor, staging, problems).run();
        new ModuleCheck(reactor, staging, problems).run();
        new ModulePathCheck(root, reactor, staging, problems).run();
        new BomCheck(reactor, staging, problems).run();
        new ReproducibleCheck(reactor, staging, firstBuild, problems).run();
        new NativeImageCheck(reactor, staging, calls, problems).run();
        return problems;
    }

    static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        for (String required : new String[] {"--root", "--staging", "--first-build", "--calls"}) {
            if (!options.containsKey(required)) {
                throw new IllegalArgumentException("missing " + required + " (usage: ReleaseCheck --root REPO"
                        + " --staging DIR --first-build DIR --calls FILE)");
            }
        }
        return options;
    }
}
