package dev.reservoir.provider.git;

import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Files and folders at a revision ({@code tree/} and {@code blob/} URIs): finding them, their
 * metadata, their content and their children. A file's content is its raw blob (no filters, no
 * end-of-line conversion), streamed; a folder reads as SEP-2093 collection contents, like a folder
 * of reservoir-provider-fs: first itself as {@code text/uri-list} naming its first entries, then
 * each of those that is a text file small enough for what is left of the byte budget. A symbolic
 * link reads as its target (never followed); a submodule as the commit it points to (never opened).
 * Thread-safe.
 */
final class Entries {

    /** Blobs up to this size are read into memory once; larger ones stream. */
    static final long IN_MEMORY = 1 << 20;

    /** An entry found at a revision, under the URI that named it. */
    record Located(String uri, Revision revision, TreeEntry entry) {}

    /** A page of children and the cursor of the next page (null on the last). */
    record Children(List<Resource> resources, String next) {}

    private final Repository repository;
    private final Revisions revisions;
    private final Trees trees;
    private final BlobTypes types;
    private final LastChange lastChange;
    private final Describer describer;
    private final Lru<ObjectId, ObjectId> treeOf = new Lru<>(4096);

    Entries(
            Repository repository,
            Revisions revisions,
            Trees trees,
            BlobTypes types,
            LastChange lastChange,
            Describer describer) {
        this.repository = repository;
        this.revisions = revisions;
        this.trees = trees;
        this.types = types;
        this.lastChange = lastChange;
        this.describer = describer;
    }

    /** The entry a tree or blob address names, if there is one. */
    Optional<Located> locate(String uri, Address.Entry address) {
        return revisions.split(address.segments()).flatMap(split -> at(uri, split.revision(), split.path()));
    }

    /** The entry at {@code path} of a revision. */
    Optional<Located> at(String uri, Revision revision, byte[] path) {
        return trees.find(rootTree(revision.commit()), path).map(entry -> new Located(uri, revision, entry));
    }

    /** The root tree of a commit (commits never change, so the answer is kept, for 4,096 of them). */
    ObjectId rootTree(ObjectId commit) {
        return treeOf.get(commit.copy(), key -> {
            try (RevWalk walk = new RevWalk(repository)) {
                return walk.parseCommit(key).getTree().copy();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The metadata of an entry; {@code withLastChange} works out when its path last changed (a history walk). */
    Resource describe(Located located, boolean withLastChange) {
        return describe(located, withLastChange, Stop.NEVER);
    }

    /** The same; a walk for the last change ends with {@link Stop.Stopped} when {@code stop} is requested. */
    Resource describe(Located located, boolean withLastChange, Stop stop) {
        try (ObjectReader reader = repository.newObjectReader()) {
            return describe(located, withLastChange, stop, reader);
        }
    }

    /**
     * The metadata of an entry (without its last change), read with the caller's reader: the entries
     * of a page share one, and with it JGit's cache of delta bases (a folder's blobs are mostly
     * deltas of one another).
     */
    Resource describe(Located located, ObjectReader reader) {
        return describe(located, false, Stop.NEVER, reader);
    }

    private Resource describe(Located located, boolean withLastChange, Stop stop, ObjectReader reader) {
        TreeEntry entry = located.entry();
        Revision revision = located.revision();
        Instant changed = withLastChange ? lastChange.of(revision.commit(), entry.path(), stop) : null;
        if (entry.path().length == 0) {
            return describer.revision(located.uri(), revision, kindOf(revision.ref()), changed);
        }
        try {
            return switch (entry.kind()) {
                case FOLDER, SUBMODULE -> describer.entry(located.uri(), revision, entry, null, -1, null, changed);
                case SYMLINK -> {
                    byte[] target = reader.open(entry.id(), Constants.OBJ_BLOB).getCachedBytes(4096);
                    yield describer.entry(
                            located.uri(), revision, entry, null, target.length, TreeEntry.display(target), changed);
                }
                case FILE ->
                    describer.entry(
                            located.uri(),
                            revision,
                            entry,
                            types.info(reader, entry.id(), entry.name()),
                            types.size(reader, entry.id(), entry.name()),
                            null,
                            changed);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a ref's full name says it is: branch, tag, remote, or null. */
    static String kindOf(String ref) {
        if (ref == null) {
            return null;
        }
        if (ref.startsWith(Constants.R_HEADS)) {
            return "branch";
        }
        if (ref.startsWith(Constants.R_TAGS)) {
            return "tag";
        }
        return ref.startsWith(Constants.R_REMOTES) ? "remote" : null;
    }

    /** Reads an entry: a file's blob, a link's target, a submodule's commit, or a folder's first entries. */
    List<Item> read(Located located, Limits limits) {
        TreeEntry entry = located.entry();
        if (entry.kind() == TreeEntry.Kind.FILE) {
            return List.of(file(located, limits));
        }
        // When the path last changed is left to resources/metadata (it walks history).
        Resource resource = describe(located, false);
        return switch (entry.kind()) {
            case FOLDER -> collection(located, resource, limits);
            case SUBMODULE ->
                List.of(new Item(
                        resource,
                        new Content.Text("Submodule " + entry.pathString() + " at commit "
                                + entry.id().name() + " (not followed: it is another repository)\n")));
            case SYMLINK -> List.of(new Item(resource, Content.of(bytes(entry.id()))));
            case FILE -> throw new IllegalStateException("files are read above");
        };
    }

    /**
     * A file: a small blob is loaded once and sent from memory (JGit has inflated it whole
     * anyway), a large one is streamed when the response is written.
     */
    private Item file(Located located, Limits limits) {
        ObjectId id = located.entry().id();
        try (ObjectReader reader = repository.newObjectReader()) {
            ObjectLoader loader = reader.open(id, Constants.OBJ_BLOB);
            if (!loader.isLarge() && loader.getSize() <= IN_MEMORY) {
                byte[] bytes = loader.getCachedBytes();
                BlobTypes.Info info = types.remember(id, located.entry().name(), bytes);
                Resource resource = describe(located, false);
                if (bytes.length > limits.maxReadBytes()) {
                    throw McpException.contentTooLarge(located.uri(), bytes.length, limits.maxReadBytes());
                }
                Content content;
                if (!info.text()) {
                    content = new Content.Bytes(bytes);
                } else if (info.bomLength() == 0) {
                    content = new Content.Utf8Text(bytes); // the blob's bytes, not a String made of them
                } else {
                    content = new Content.Text(new String(
                            bytes, info.bomLength(), bytes.length - info.bomLength(), StandardCharsets.UTF_8));
                }
                return new Item(resource, content);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Resource resource = describe(located, false);
        return new Item(resource, blob(located.uri(), id, resource, limits.maxReadBytes()));
    }

    private byte[] bytes(ObjectId blob) {
        try (ObjectReader reader = repository.newObjectReader()) {
            return reader.open(blob, Constants.OBJ_BLOB).getCachedBytes(4096);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The streamed content of a file; refuses one larger than the limit. */
    private Content blob(String uri, ObjectId blob, Resource resource, long limit) {
        long size = resource.size();
        if (size > limit) {
            throw McpException.contentTooLarge(uri, size, limit);
        }
        BlobTypes.Info info;
        try (ObjectReader reader = repository.newObjectReader()) {
            info = types.info(reader, blob, resource.name());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int skip = info.text() ? info.bomLength() : 0;
        return new Content.Stream(() -> open(blob, skip), size - skip, info.text());
    }

    /** Opens a blob with a reader of its own, released when the stream is closed. */
    InputStream open(ObjectId blob, int skip) throws IOException {
        ObjectReader reader = repository.newObjectReader();
        try {
            InputStream in = reader.open(blob, Constants.OBJ_BLOB).openStream();
            in.skipNBytes(skip);
            return new FilterInputStream(in) {
                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        reader.close();
                    }
                }
            };
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private List<Item> collection(Located folder, Resource self, Limits limits) {
        TreeEntry tree = folder.entry();
        Trees.Slice first = trees.children(tree, null, Math.max(limits.maxCollectionItems(), 1));
        String base = folder.uri().endsWith("/") ? folder.uri() : folder.uri() + "/";
        StringBuilder list = new StringBuilder();
        list.append("# ")
                .append(folder.uri())
                .append(first.more() ? ": the first " : ": all ")
                .append(first.entries().size())
                .append(first.entries().size() == 1 ? " entry" : " entries");
        if (first.more()) {
            list.append("; resources/list with this uri pages through all of them");
        }
        list.append("\r\n");
        for (TreeEntry child : first.entries()) {
            list.append(base)
                    .append(GitUris.encodePath(Names.last(child.path())))
                    .append("\r\n");
        }
        String text = list.toString();
        long listBytes = text.getBytes(StandardCharsets.UTF_8).length;
        List<Item> items = new ArrayList<>();
        items.add(new Item(
                self.toBuilder().mimeType("text/uri-list").size(listBytes).build(), new Content.Text(text)));
        long budget = limits.maxCollectionBytes() - listBytes;
        try (ObjectReader reader = repository.newObjectReader()) {
            for (TreeEntry child : first.entries()) {
                if (child.kind() != TreeEntry.Kind.FILE) {
                    continue;
                }
                Located located =
                        new Located(base + GitUris.encodePath(Names.last(child.path())), folder.revision(), child);
                Resource resource = describe(located, reader);
                if (resource.size() > budget
                        || resource.size() > limits.maxReadBytes()
                        || !types.info(reader, child.id(), resource.name()).text()) {
                    continue;
                }
                budget -= resource.size();
                items.add(new Item(resource, blob(located.uri(), child.id(), resource, limits.maxReadBytes())));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return items;
    }

    /** The children of a folder, a page at a time; the cursor is the last child's name key. */
    Children children(Located folder, String cursor, int limit) {
        if (!folder.entry().isFolder()) {
            return new Children(List.of(), null);
        }
        byte[] after = cursor == null ? null : decodeCursor(cursor);
        Trees.Slice slice = trees.children(folder.entry(), after, limit);
        String base = folder.uri().endsWith("/") ? folder.uri() : folder.uri() + "/";
        List<Resource> out = new ArrayList<>(slice.entries().size());
        try (ObjectReader reader = repository.newObjectReader()) {
            for (TreeEntry child : slice.entries()) {
                out.add(describe(
                        new Located(base + GitUris.encodePath(Names.last(child.path())), folder.revision(), child),
                        reader));
            }
        }
        String next = slice.more() ? encodeCursor(slice.entries().getLast().nameKey()) : null;
        return new Children(out, next);
    }

    static String encodeCursor(byte[] key) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(key);
    }

    static byte[] decodeCursor(String cursor) {
        try {
            return Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw Catalog.badCursor(cursor);
        }
    }
}
