package dev.reservoir.provider.git;

import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * Whether the request a history walk serves was cancelled or timed out. Walks look at it before
 * each commit ({@link #filter()}) and end with {@link Stopped}: JGit does not look at interrupts,
 * so without it a walk of a long history runs to its end for nobody.
 */
@FunctionalInterface
interface Stop {

    /** A stop that is never requested (tests, tools, work outside a request). */
    Stop NEVER = () -> false;

    /** Whether the walk should end now. */
    boolean requested();

    /** The walk ended because its request was cancelled or timed out. */
    final class Stopped extends RuntimeException {
        Stopped() {
            super("The history walk was stopped: its request was cancelled or timed out", null, false, false);
        }
    }

    /** A revision filter that lets every commit through until a stop is requested, then throws {@link Stopped}. */
    default RevFilter filter() {
        Stop stop = this;
        return new RevFilter() {
            @Override
            public boolean include(RevWalk walker, RevCommit commit) {
                if (stop.requested()) {
                    throw new Stopped();
                }
                return true;
            }

            @Override
            public RevFilter clone() {
                return this;
            }

            @Override
            public boolean requiresCommitBody() {
                return false;
            }
        };
    }
}
