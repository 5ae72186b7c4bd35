package dev.reservoir.provider.git;

import dev.reservoir.core.model.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/** The repository's own content: a short Markdown overview of its refs and of the URIs to read. */
final class Summary {

    private static final int SHOWN_REFS = 50;

    private final GitRepository repo;
    private final GitUris uris;
    private final Catalog catalog;

    Summary(GitRepository repo, GitUris uris, Catalog catalog) {
        this.repo = repo;
        this.uris = uris;
        this.catalog = catalog;
    }

    List<Item> read() {
        RefSet refs = RefSet.read(repo.repository());
        StringBuilder out = new StringBuilder();
        out.append("# ").append(uris.name()).append("\n\n");
        out.append(repo.bare() ? "Bare git repository " + repo.gitDir() : "Git repository " + repo.workTree())
                .append(".\n\n");
        Optional<RefSet.Entry> head = refs.defaultRef();
        if (head.isEmpty()) {
            out.append("- The repository has no commits yet")
                    .append(refs.head() == null ? "" : " (HEAD is " + refs.head() + ")")
                    .append(".\n");
        } else {
            out.append("- ")
                    .append(
                            head.get().kind() == null
                                    ? "HEAD (detached)"
                                    : "Default branch " + head.get().token())
                    .append(": ")
                    .append(describe(head.get()))
                    .append('\n');
        }
        appendRefs(out, refs, RefSet.Kind.BRANCH, "Branches");
        appendRefs(out, refs, RefSet.Kind.TAG, "Tags");
        String ref = head.map(RefSet.Entry::token).orElse("main");
        out.append("\n## Reading it\n\n");
        out.append("- `")
                .append(uris.tree(ref, new byte[0]))
                .append("/PATH`: a file or folder (any branch, tag or commit id in place of ")
                .append(ref)
                .append(")\n");
        out.append("- `").append(uris.log(ref)).append("?path=PATH&limit=N`: history, newest first\n");
        out.append("- `").append(uris.commit(ref)).append("`: a commit with its patch\n");
        out.append("- `").append(uris.root()).append("compare/BASE...HEAD`: what HEAD adds since BASE\n");
        out.append("- `").append(uris.root()).append("blame/").append(ref).append("/PATH`: who changed each line\n");
        if (!repo.bare()) {
            out.append("- `")
                    .append(uris.status())
                    .append("` and `")
                    .append(uris.diff())
                    .append("`: uncommitted changes\n");
        }
        String text = out.toString();
        Resource resource = catalog.root(refs).toBuilder()
                .mimeType(Describer.MARKDOWN)
                .size((long) History.utf8Length(text))
                .build();
        return List.of(new Item(resource, new Content.Text(text)));
    }

    private void appendRefs(StringBuilder out, RefSet refs, RefSet.Kind kind, String title) {
        List<RefSet.Entry> all =
                refs.refs().stream().filter(r -> r.kind() == kind).toList();
        out.append("- ").append(title).append(" (").append(all.size()).append(")");
        for (int i = 0; i < Math.min(all.size(), SHOWN_REFS); i++) {
            out.append(i == 0 ? ": " : ", ").append(all.get(i).token());
        }
        out.append(all.size() > SHOWN_REFS ? ", ...\n" : "\n");
    }

    private String describe(RefSet.Entry ref) {
        try (RevWalk walk = new RevWalk(repo.repository())) {
            Optional<RevCommit> commit = Revisions.commit(ref.id(), walk);
            return commit.map(c -> c.abbreviate(7).name() + " " + c.getShortMessage())
                    .orElse(ref.id().name());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
