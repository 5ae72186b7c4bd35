package dev.reservoir.provider.git;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import java.time.Instant;

/**
 * Makes the {@link Resource} of everything a repository serves. Every resource carries, in
 * {@code _meta["dev.reservoir/git"]}, what it was read from: the commit (and ref) for anything at a
 * revision, the object id and git mode for a tree entry, the link target of a symbolic link, the
 * commit of a submodule and the object of a Git LFS pointer. Stateless.
 */
final class Describer {

    static final String META = "dev.reservoir/git";
    static final String FOLDER = "inode/directory";
    static final String SYMLINK = "inode/symlink";
    static final String SUBMODULE = "inode/x-git-submodule";
    static final String TEXT = "text/plain";
    static final String MARKDOWN = "text/markdown";
    static final String DIFF = "text/x-diff";

    private final GitUris uris;

    Describer(GitUris uris) {
        this.uris = uris;
    }

    GitUris uris() {
        return uris;
    }

    Resource root(String uri, String description, ObjectNode meta) {
        return Resource.builder(uri, uris.name())
                .title(uris.name() + " (git repository)")
                .description(description)
                .mimeType(FOLDER)
                .isCollection(true)
                .meta(wrap(meta))
                .build();
    }

    /** The root tree of a ref or revision. */
    Resource revision(String uri, Revision revision, String kind, Instant committed) {
        ObjectNode meta = at(revision);
        if (kind != null) {
            meta.put("kind", kind);
        }
        return Resource.builder(uri, revision.token())
                .title(revision.token() + (kind == null ? "" : " (" + kind + ")"))
                .mimeType(FOLDER)
                .isCollection(true)
                .annotations(committed == null ? Annotations.NONE : Annotations.NONE.withLastModified(committed))
                .meta(wrap(meta))
                .build();
    }

    /**
     * A tree entry. {@code info} is the blob's classification (null for folders, links and
     * submodules), {@code size} its size (-1 when none), {@code lastChanged} the commit time of the
     * last change to its path (null when not worked out).
     */
    Resource entry(
            String uri,
            Revision revision,
            TreeEntry entry,
            BlobTypes.Info info,
            long size,
            String linkTarget,
            Instant lastChanged) {
        ObjectNode meta = at(revision);
        meta.put("path", entry.pathString());
        meta.put("object", entry.id().name());
        meta.put("mode", String.format("%06o", entry.mode().getBits()));
        Resource.Builder builder = Resource.builder(uri, entry.name())
                .title(entry.pathString() + " @ " + revision.token())
                .annotations(lastChanged == null ? Annotations.NONE : Annotations.NONE.withLastModified(lastChanged));
        switch (entry.kind()) {
            case FOLDER -> builder.mimeType(FOLDER).isCollection(true);
            case SYMLINK -> {
                meta.put("kind", "symlink").put("target", linkTarget);
                builder.mimeType(SYMLINK).size(size).isCollection(false);
            }
            case SUBMODULE -> {
                meta.put("kind", "submodule")
                        .putObject("submodule")
                        .put("commit", entry.id().name());
                builder.mimeType(SUBMODULE).isCollection(false);
            }
            case FILE -> {
                builder.mimeType(info.mimeType()).size(size).isCollection(false);
                if (info.lfs() != null) {
                    meta.putObject("lfs")
                            .put("oid", info.lfs().oid())
                            .put("size", info.lfs().size());
                }
            }
        }
        return builder.meta(wrap(meta)).build();
    }

    /** A generated text view (log, commit, compare, blame, status, diff). */
    Resource view(String uri, String name, String title, String mimeType, Revision revision, Instant modified) {
        return Resource.builder(uri, name)
                .title(title)
                .mimeType(mimeType)
                .isCollection(false)
                .annotations(modified == null ? Annotations.NONE : Annotations.NONE.withLastModified(modified))
                .meta(revision == null ? null : wrap(at(revision)))
                .build();
    }

    static ObjectNode at(Revision revision) {
        ObjectNode meta = JsonNodeFactory.instance.objectNode();
        meta.put("commit", revision.commit().name());
        if (revision.ref() != null) {
            meta.put("ref", revision.ref());
        }
        return meta;
    }

    static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    private static ObjectNode wrap(ObjectNode meta) {
        if (meta == null) {
            return null;
        }
        ObjectNode outer = JsonNodeFactory.instance.objectNode();
        outer.set(META, meta);
        return outer;
    }
}
