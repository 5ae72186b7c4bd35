package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * Where every ref and HEAD point at one moment: cheap to read (JGit re-reads only ref files whose
 * size or time changed) and compared whole to see what moved. Immutable.
 *
 * @param refs full ref name to the object it points to (unpeeled), for every ref under refs/
 * @param head HEAD's target ref when symbolic, or null when detached
 * @param headId the object HEAD resolves to, or null when unborn
 */
record RefState(Map<String, ObjectId> refs, String head, ObjectId headId) {

    RefState {
        refs = Map.copyOf(refs);
    }

    static RefState read(Repository repository) {
        try {
            Map<String, ObjectId> refs = new TreeMap<>();
            for (Ref ref : repository.getRefDatabase().getRefsByPrefix(Constants.R_REFS)) {
                if (ref.getObjectId() != null) {
                    refs.put(ref.getName(), ref.getObjectId().copy());
                }
            }
            Ref head = repository.exactRef(Constants.HEAD);
            return new RefState(
                    refs,
                    head != null && head.isSymbolic() ? head.getTarget().getName() : null,
                    head == null || head.getObjectId() == null
                            ? null
                            : head.getObjectId().copy());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a branch or tag was created or deleted between the two states. */
    boolean refsAddedOrRemoved(RefState other) {
        return !listed(this).equals(listed(other));
    }

    private static java.util.Set<String> listed(RefState state) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (String name : state.refs().keySet()) {
            if (name.startsWith(Constants.R_HEADS) || name.startsWith(Constants.R_TAGS)) {
                names.add(name);
            }
        }
        return names;
    }

    /** Whether HEAD points elsewhere (another branch, or detached at another commit). */
    boolean headMoved(RefState other) {
        return !Objects.equals(head, other.head) || !Objects.equals(headId, other.headId);
    }
}
