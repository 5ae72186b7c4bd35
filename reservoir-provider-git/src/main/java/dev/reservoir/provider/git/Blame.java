package dev.reservoir.provider.git;

import dev.reservoir.core.model.Resource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jgit.blame.BlameGenerator;
import org.eclipse.jgit.blame.BlameResult;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Blame in the format of {@code git blame --porcelain REV -- PATH}: for each run of lines from the
 * same commit, a header line ({@code <commit> <original line> <final line> <lines>}), the
 * commit's details the first time it appears (author, committer, summary, {@code boundary} for a
 * root commit, {@code previous} and {@code filename}), then each line after a tab. Lines are
 * attributed by JGit's blame with a Myers diff, following renames; on intricate histories it may
 * attribute some lines differently from git. Thread-safe.
 */
final class Blame {

    private final Repository repository;
    private final Describer describer;

    Blame(Repository repository, Describer describer) {
        this.repository = repository;
        this.describer = describer;
    }

    Resource resource(String uri, Revision revision, TreeEntry entry) {
        return describer.view(
                uri,
                entry.name(),
                "Blame of " + entry.pathString() + " @ " + revision.token(),
                Describer.TEXT,
                revision,
                null);
    }

    /** The porcelain blame of a file, or null when the path is not a file at that commit. */
    byte[] porcelain(Revision revision, String path, long limit) throws IOException {
        try (BlameGenerator generator = new BlameGenerator(repository, path)) {
            generator.setDiffAlgorithm(DiffAlgorithm.getAlgorithm(DiffAlgorithm.SupportedAlgorithm.MYERS));
            generator.setFollowFileRenames(true);
            generator.push(null, revision.commit());
            BlameResult result = BlameResult.create(generator);
            if (result == null) {
                return null;
            }
            result.computeAll();
            return write(result, limit);
        }
    }

    private byte[] write(BlameResult result, long limit) throws IOException {
        RawText text = result.getResultContents();
        int lines = text.size();
        Map<RevCommit, Set<String>> paths = new HashMap<>();
        for (int i = 0; i < lines; i++) {
            paths.computeIfAbsent(result.getSourceCommit(i), c -> new HashSet<>())
                    .add(result.getSourcePath(i));
        }
        Set<RevCommit> shown = new HashSet<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectReader reader = repository.newObjectReader();
                RevWalk walk = new RevWalk(reader)) {
            int i = 0;
            while (i < lines) {
                RevCommit commit = result.getSourceCommit(i);
                String path = result.getSourcePath(i);
                int run = 1;
                while (i + run < lines
                        && result.getSourceCommit(i + run) == commit
                        && path.equals(result.getSourcePath(i + run))
                        && result.getSourceLine(i + run) == result.getSourceLine(i) + run) {
                    run++;
                }
                for (int k = 0; k < run; k++) {
                    int line = i + k;
                    ascii(
                            out,
                            commit.name()
                                    + ' '
                                    + (result.getSourceLine(line) + 1)
                                    + ' '
                                    + (line + 1)
                                    + (k == 0 ? " " + run : "")
                                    + '\n');
                    if (k == 0) {
                        boolean details = shown.add(commit);
                        if (details) {
                            details(out, walk, commit);
                        }
                        if (details || paths.get(commit).size() > 1) {
                            filename(out, walk, commit, path);
                        }
                    }
                    out.write('\t');
                    text.writeLine(out, line);
                    out.write('\n');
                    if (out.size() > limit) {
                        throw new Patches.TooLarge(limit);
                    }
                }
                i += run;
            }
        }
        return out.toByteArray();
    }

    private static void details(ByteArrayOutputStream out, RevWalk walk, RevCommit commit) throws IOException {
        walk.parseBody(commit);
        PersonIdent author = commit.getAuthorIdent();
        PersonIdent committer = commit.getCommitterIdent();
        utf8(out, "author " + author.getName() + '\n');
        utf8(out, "author-mail <" + author.getEmailAddress() + ">\n");
        ascii(out, "author-time " + author.getWhenAsInstant().getEpochSecond() + '\n');
        ascii(out, "author-tz " + zone(author) + '\n');
        utf8(out, "committer " + committer.getName() + '\n');
        utf8(out, "committer-mail <" + committer.getEmailAddress() + ">\n");
        ascii(out, "committer-time " + committer.getWhenAsInstant().getEpochSecond() + '\n');
        ascii(out, "committer-tz " + zone(committer) + '\n');
        utf8(out, "summary " + commit.getShortMessage() + '\n');
        if (commit.getParentCount() == 0) {
            ascii(out, "boundary\n");
        }
    }

    /** {@code previous <parent> <path>} when a parent has the file (under its name or, renamed, another), then {@code filename}. */
    private void filename(ByteArrayOutputStream out, RevWalk walk, RevCommit commit, String path) throws IOException {
        walk.parseHeaders(commit);
        String previous = null;
        for (RevCommit parent : commit.getParents()) {
            walk.parseHeaders(parent);
            try (TreeWalk found = TreeWalk.forPath(walk.getObjectReader(), path, parent.getTree())) {
                if (found != null) {
                    previous = parent.name() + ' ' + Patches.quote(path);
                    break;
                }
            }
        }
        if (previous == null && commit.getParentCount() > 0) {
            previous = renamedFrom(walk, commit, path);
        }
        if (previous != null) {
            utf8(out, "previous " + previous + '\n');
        }
        utf8(out, "filename " + Patches.quote(path) + '\n');
    }

    private static String renamedFrom(RevWalk walk, RevCommit commit, String path) throws IOException {
        RevCommit parent = walk.parseCommit(commit.getParent(0));
        try (Patches patches = new Patches(walk.getObjectReader(), null, Long.MAX_VALUE)) {
            for (DiffEntry entry : patches.scan(parent.getTree(), commit.getTree())) {
                if (entry.getChangeType() == DiffEntry.ChangeType.RENAME
                        && entry.getNewPath().equals(path)) {
                    return parent.name() + ' ' + Patches.quote(entry.getOldPath());
                }
            }
        }
        return null;
    }

    /** A time zone as git prints it: {@code +0100}, {@code -0530}. */
    static String zone(PersonIdent person) {
        int minutes = person.getZoneOffset().getTotalSeconds() / 60;
        char sign = minutes < 0 ? '-' : '+';
        minutes = Math.abs(minutes);
        return String.format("%c%02d%02d", sign, minutes / 60, minutes % 60);
    }

    private static void ascii(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
    }

    private static void utf8(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    static List<Item> items(Resource resource, byte[] porcelain) {
        return List.of(
                new Item(resource.toBuilder().size((long) porcelain.length).build(), Content.of(porcelain)));
    }
}
