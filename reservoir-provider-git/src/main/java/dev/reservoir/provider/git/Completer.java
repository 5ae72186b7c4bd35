package dev.reservoir.provider.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Completion values for the templates' variables. A revision ({@code ref}, {@code rev},
 * {@code base}, {@code head}) completes to branches (the default one first), tags, remote-tracking
 * branches and {@code HEAD} whose tokens start with what was typed, then commit ids: with four or
 * more hex digits typed, the full ids of the commits they abbreviate; with nothing typed, the most
 * recent commits of the default branch. A {@code path} completes name by name in the tree of the
 * revision chosen so far ({@code ref}, or {@code head}; the default branch when none), folders
 * ending in '/'. Thread-safe.
 */
final class Completer {

    /** Values in order, how many there are in all, and whether more were left out. */
    record Result(List<String> values, int total, boolean more) {
        static final Result NONE = new Result(List.of(), 0, false);
    }

    static final int MAX = 100;
    private static final int RECENT_COMMITS = 20;
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{4,40}");

    private final GitRepository repo;
    private final Revisions revisions;
    private final Trees trees;
    private final Entries entries;

    Completer(GitRepository repo, Revisions revisions, Trees trees, Entries entries) {
        this.repo = repo;
        this.revisions = revisions;
        this.trees = trees;
        this.entries = entries;
    }

    Result complete(String argument, String value, Map<String, String> context) {
        return switch (argument) {
            case "ref", "rev", "base", "head" -> revisions(value);
            case "path" -> paths(value, context);
            default -> Result.NONE;
        };
    }

    Result revisions(String value) {
        RefSet refs = RefSet.read(repo.repository());
        Set<String> out = new LinkedHashSet<>();
        refs.defaultRef().filter(r -> r.kind() == RefSet.Kind.BRANCH).ifPresent(r -> out.add(r.token()));
        for (RefSet.Kind kind : RefSet.Kind.values()) {
            for (RefSet.Entry ref : refs.refs()) {
                if (ref.kind() == kind) {
                    out.add(ref.token());
                }
            }
        }
        if (refs.headId() != null) {
            out.add(Constants.HEAD);
        }
        List<String> matching =
                new ArrayList<>(out.stream().filter(t -> t.startsWith(value)).toList());
        matching.addAll(commitIds(value, refs));
        int total = matching.size();
        return new Result(matching.subList(0, Math.min(MAX, total)), total, total > MAX);
    }

    private List<String> commitIds(String value, RefSet refs) {
        try (ObjectReader reader = repo.repository().newObjectReader();
                RevWalk walk = new RevWalk(reader)) {
            List<String> ids = new ArrayList<>();
            if (HEX.matcher(value).matches()) {
                Collection<ObjectId> found = reader.resolve(AbbreviatedObjectId.fromString(value));
                for (ObjectId id : found) {
                    Revisions.commit(id, walk).filter(c -> c.equals(id)).ifPresent(c -> ids.add(c.name()));
                }
                ids.sort(null);
            } else if (value.isEmpty() && refs.headId() != null) {
                walk.markStart(walk.parseCommit(refs.headId()));
                for (RevCommit commit : walk) {
                    if (ids.size() == RECENT_COMMITS) {
                        break;
                    }
                    ids.add(commit.name());
                }
            }
            return ids;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Result paths(String value, Map<String, String> context) {
        String chosen = context.getOrDefault("ref", context.get("head"));
        Optional<Revision> revision = chosen != null && !chosen.isEmpty()
                ? revisions.resolve(chosen)
                : RefSet.read(repo.repository()).defaultRef().flatMap(r -> revisions.resolve(r.token()));
        if (revision.isEmpty()) {
            return Result.NONE;
        }
        int slash = value.lastIndexOf('/');
        String folderPart = slash < 0 ? "" : value.substring(0, slash);
        byte[] prefix = value.substring(slash + 1).getBytes(StandardCharsets.UTF_8);
        byte[] folderPath = folderPart.getBytes(StandardCharsets.UTF_8);
        if (!folderPart.isEmpty()) {
            for (String name : GitUris.split(folderPart)) {
                if (!Names.isSafe(name.getBytes(StandardCharsets.UTF_8))) {
                    return Result.NONE;
                }
            }
        }
        Optional<TreeEntry> folder = trees.find(entries.rootTree(revision.get().commit()), folderPath)
                .filter(TreeEntry::isFolder);
        if (folder.isEmpty()) {
            return Result.NONE;
        }
        Trees.Matches matches = trees.startingWith(folder.get(), prefix, MAX);
        String base = folderPart.isEmpty() ? "" : folderPart + "/";
        List<String> values = matches.entries().stream()
                .map(e -> base + e.name() + (e.isFolder() ? "/" : ""))
                .toList();
        return new Result(values, matches.total(), matches.total() > values.size());
    }
}
