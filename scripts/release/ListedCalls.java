import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * reflective-calls.txt: each reflective call of a published jar, "CALLER API HOW", where HOW is
 * "reflect-config: CLASS..." (each class must be registered by that jar), "resource-config:
 * RESOURCE..." (each must match a resource pattern of that jar) or "none: WHY" (the call binds no
 * class of its own, e.g. a Jackson tree written out).
 */
final class ListedCalls {

    private final Map<ReflectiveCalls.Call, String> how = new TreeMap<>();
    private final Set<ReflectiveCalls.Call> seen = new TreeSet<>();
    private final Problems problems;

    private ListedCalls(Problems problems) {
        this.problems = problems;
    }

    static ListedCalls read(Path file, Problems problems) throws IOException {
        ListedCalls listed = new ListedCalls(problems);
        for (String line : Files.readAllLines(file)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] parts = trimmed.split("\\s+", 3);
            if (parts.length < 3 || !parts[2].matches("(reflect-config|resource-config|none): *\\S.*")) {
                problems.add("native-image", file.getFileName() + ": cannot read \"" + trimmed + "\"");
                continue;
            }
            listed.how.put(new ReflectiveCalls.Call(parts[0], parts[1]), parts[2]);
        }
        return listed;
    }

    void check(String artifactId, Set<ReflectiveCalls.Call> found, Metadata metadata) {
        for (ReflectiveCalls.Call call : found) {
            String entry = how.get(call);
            if (entry == null) {
                problems.add("native-image", call.caller() + " (" + artifactId + ") calls " + call.api()
                        + ": add the metadata a native image needs for it, and list the call in reflective-calls.txt");
                continue;
            }
            seen.add(call);
            String kind = entry.substring(0, entry.indexOf(':'));
            String[] names = entry.substring(entry.indexOf(':') + 1).trim().split("\\s+");
            for (String name : kind.equals("none") ? new String[0] : names) {
                boolean served = kind.equals("reflect-config")
                        ? metadata.reflected().contains(name)
                        : metadata.includesResource(name);
                if (!served) {
                    problems.add("native-image", call.caller() + " calls " + call.api() + ", but " + artifactId
                            + "'s " + kind + ".json does not have " + name);
                }
            }
        }
    }

    /** Listed calls that no jar makes any more: the list must follow the code. */
    void checkAllSeen() {
        for (ReflectiveCalls.Call call : how.keySet()) {
            if (!seen.contains(call)) {
                problems.add("native-image", "reflective-calls.txt lists " + call.caller() + " " + call.api()
                        + ", which no published jar calls");
            }
        }
    }
}
