import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What each check found: problems (which fail the run) and one summary line per check. */
final class Problems {

    private final List<String> problems = new ArrayList<>();
    private final Map<String, String> notes = new LinkedHashMap<>();

    void add(String check, String problem) {
        problems.add(check + ": " + problem);
    }

    void note(String check, String summary) {
        notes.put(check, summary);
    }

    List<String> all() {
        return List.copyOf(problems);
    }

    boolean isEmpty() {
        return problems.isEmpty();
    }

    void print(PrintStream out) {
        notes.forEach((check, summary) -> out.println("release-check: " + check + ": " + summary));
        problems.forEach(p -> out.println("release-check: PROBLEM " + p));
        out.println(problems.isEmpty()
                ? "release-check: all checks passed"
                : "release-check: " + problems.size() + " problem(s)");
    }
}
