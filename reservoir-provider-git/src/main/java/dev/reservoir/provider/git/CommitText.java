package dev.reservoir.provider.git;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.util.GitDateFormatter;

/** Commits as git prints them: {@code --format=fuller} headers and one-line log entries. Stateless. */
final class CommitText {

    private static final DateTimeFormatter ISO_STRICT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxxx", Locale.ROOT);

    private CommitText() {}

    /**
     * {@code git show --no-patch --format=fuller}: commit, Merge (for merges), Author, AuthorDate,
     * Commit, CommitDate, a blank line, the message indented by four spaces.
     */
    static String fuller(RevCommit commit, ObjectReader reader) throws java.io.IOException {
        StringBuilder out = new StringBuilder();
        out.append("commit ").append(commit.name()).append('\n');
        if (commit.getParentCount() > 1) {
            out.append("Merge:");
            for (RevCommit parent : commit.getParents()) {
                out.append(' ').append(reader.abbreviate(parent, 7).name());
            }
            out.append('\n');
        }
        PersonIdent author = commit.getAuthorIdent();
        PersonIdent committer = commit.getCommitterIdent();
        GitDateFormatter dates = new GitDateFormatter(GitDateFormatter.Format.DEFAULT);
        out.append("Author:     ").append(person(author)).append('\n');
        out.append("AuthorDate: ").append(dates.formatDate(author)).append('\n');
        out.append("Commit:     ").append(person(committer)).append('\n');
        out.append("CommitDate: ").append(dates.formatDate(committer)).append('\n');
        out.append('\n');
        String message = commit.getFullMessage();
        if (message.endsWith("\n")) {
            message = message.substring(0, message.length() - 1);
        }
        for (String line : message.split("\n", -1)) {
            out.append("    ").append(line).append('\n');
        }
        return out.toString();
    }

    /** {@code git log --format=%H%x09%aI%x09%an%x09%s}: id, author date, author, subject, separated by tabs. */
    static String line(RevCommit commit) {
        PersonIdent author = commit.getAuthorIdent();
        return commit.name()
                + '\t'
                + isoStrict(author)
                + '\t'
                + author.getName()
                + '\t'
                + commit.getShortMessage()
                + '\n';
    }

    /** A person's date as git's {@code %aI} prints it, in the person's own time zone. */
    static String isoStrict(PersonIdent person) {
        Instant when = person.getWhenAsInstant();
        ZoneOffset offset = person.getZoneOffset();
        return ISO_STRICT.format(when.atOffset(offset));
    }

    private static String person(PersonIdent ident) {
        return ident.getName() + " <" + ident.getEmailAddress() + ">";
    }
}
