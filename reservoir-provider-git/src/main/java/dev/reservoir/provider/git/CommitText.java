package dev.reservoir.provider.git;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/** Commits as git prints them: {@code --format=fuller} headers and one-line log entries. Stateless. */
final class CommitText {

    private static final DateTimeFormatter ISO_STRICT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxxx", Locale.ROOT);

    /**
     * Git's default date ({@code show_date} with {@code DATE_NORMAL}): English names, the day of
     * the month without padding ("Tue Dec 1"), the person's own offset. JGit's {@code
     * GitDateFormatter} pads the day ("Dec 01"), so it differs from git on the first nine days of
     * every month.
     */
    private static final DateTimeFormatter GIT_DEFAULT =
            DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy xx", Locale.US);

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
        out.append("Author:     ").append(person(author)).append('\n');
        out.append("AuthorDate: ").append(gitDefault(author)).append('\n');
        out.append("Commit:     ").append(person(committer)).append('\n');
        out.append("CommitDate: ").append(gitDefault(committer)).append('\n');
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

    /** A person's date as git's {@code --format=fuller} prints it, in the person's own time zone. */
    static String gitDefault(PersonIdent person) {
        return GIT_DEFAULT.format(person.getWhenAsInstant().atOffset(person.getZoneOffset()));
    }

    private static String person(PersonIdent ident) {
        return ident.getName() + " <" + ident.getEmailAddress() + ">";
    }
}
