package dev.reservoir.provider.git;

import java.util.Objects;
import org.eclipse.jgit.lib.ObjectId;

/**
 * A revision named in a URI, resolved to a commit.
 *
 * @param token the revision as the URI names it ({@code main}, {@code feature/x}, {@code v1.0},
 *     {@code HEAD~2}, a full or short commit id); URIs below it are written with the same token
 * @param ref the full name of the ref it goes through ({@code refs/heads/main}, {@code HEAD}), or
 *     null when it is named by an object id
 * @param commit the commit
 * @param pinned whether it is named by a full object id and nothing else, so that what it names
 *     can never change
 */
record Revision(String token, String ref, ObjectId commit, boolean pinned) {
    Revision {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(commit, "commit");
        commit = commit.copy();
    }
}
