package dev.reservoir.provider.git;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;

/**
 * A repository's resources, independent of any server SPI: what each {@code git://NAME/...} URI
 * names, its metadata and content, listings, templates and completion. Every URI is parsed
 * ({@link Address}), its revision resolved ({@link Revisions}) and its path looked up in trees, so
 * nothing outside the repository's objects (and, for status and diff, its work tree) can be
 * named. Thread-safe.
 */
final class GitResources {

    /** What a read gives: its items, and whether they can never change (named by full commit ids only). */
    record Reading(List<Item> items, boolean pinned) {}

    private final GitRepository repo;
    private final GitUris uris;
    private final Revisions revisions;
    private final Entries entries;
    private final History history;
    private final Blame blame;
    private final Catalog catalog;
    private final Completer completer;
    private final Summary summary;
    private final Trees trees;
    private final LastChange lastChange;
    private final List<ResourceTemplate> templates;

    GitResources(GitRepository repo) {
        this.repo = repo;
        this.uris = new GitUris(repo.name());
        Describer describer = new Describer(uris);
        this.revisions = new Revisions(repo.repository());
        this.trees = new Trees(repo.repository());
        this.lastChange = new LastChange(repo.repository());
        this.entries = new Entries(repo.repository(), revisions, trees, new BlobTypes(), lastChange, describer);
        this.history = new History(repo.repository(), describer);
        this.blame = new Blame(repo.repository(), describer);
        this.catalog = new Catalog(repo, entries, trees, describer);
        this.completer = new Completer(repo, revisions, trees, entries);
        this.summary = new Summary(repo, uris, catalog);
        this.templates = Templates.of(uris);
    }

    GitUris uris() {
        return uris;
    }

    GitRepository repository() {
        return repo;
    }

    Revisions revisions() {
        return revisions;
    }

    Trees trees() {
        return trees;
    }

    ObjectId entriesRootTree(ObjectId commit) {
        return entries.rootTree(commit);
    }

    /** The id of the newest commit, from {@code commit} back, that changed {@code path}, or "none". */
    String newestTouching(ObjectId commit, byte[] path) {
        ObjectId found = lastChange.commitOf(commit, path);
        return found == null ? "none" : found.name();
    }

    List<ResourceTemplate> templates() {
        return templates;
    }

    Optional<Address> address(String uri) {
        return Address.parse(uri, uris.name());
    }

    Optional<Resource> metadata(String uri) {
        return metadata(uri, Stop.NEVER);
    }

    /** The metadata of a URI; a history walk it needs ends with {@link Stop.Stopped} when {@code stop} is requested. */
    Optional<Resource> metadata(String uri, Stop stop) {
        Optional<Address> address = address(uri);
        if (address.isEmpty()) {
            return Optional.empty();
        }
        return switch (address.get()) {
            case Address.Root r -> Optional.of(catalog.root(RefSet.read(repo.repository())));
            case Address.Entry e -> entries.locate(uri, e).map(located -> entries.describe(located, true, stop));
            case Address.Commit c -> revisions.resolve(c.rev()).map(r -> history.commitResource(uri, r));
            case Address.Log l -> revisions.resolve(l.rev()).map(r -> history.logResource(uri, r, l.path()));
            case Address.Compare c ->
                revisions.resolve(c.base()).flatMap(base -> revisions
                        .resolve(c.head())
                        .map(head -> history.compareResource(uri, base, head, c.sinceMergeBase())));
            case Address.Blame b -> blameTarget(uri, b).map(l -> blame.resource(uri, l.revision(), l.entry()));
            case Address.Status s -> repo.bare() ? Optional.empty() : Optional.of(catalog.statusResource());
            case Address.Diff d -> repo.bare() ? Optional.empty() : Optional.of(catalog.diffResource());
        };
    }

    /** Reads a URI; throws ResourceNotFoundException when it names nothing. */
    Reading read(String uri, Limits limits) {
        return read(uri, limits, Stop.NEVER);
    }

    /** Reads a URI; a history walk ends with {@link Stop.Stopped} when {@code stop} is requested. */
    Reading read(String uri, Limits limits, Stop stop) {
        Address address = address(uri).orElseThrow(() -> new ResourceNotFoundException(uri));
        try {
            return switch (address) {
                case Address.Root r -> new Reading(summary.read(), false);
                case Address.Entry e -> {
                    Entries.Located located =
                            entries.locate(uri, e).orElseThrow(() -> new ResourceNotFoundException(uri));
                    yield new Reading(
                            entries.read(located, limits), located.revision().pinned());
                }
                case Address.Commit c -> {
                    Revision revision = resolve(uri, c.rev());
                    yield new Reading(history.commit(uri, revision, limits.maxReadBytes()), revision.pinned());
                }
                case Address.Log l -> {
                    Revision revision = resolve(uri, l.rev());
                    yield new Reading(history.log(uri, revision, l.path(), l.limit(), stop), revision.pinned());
                }
                case Address.Compare c -> {
                    Revision base = resolve(uri, c.base());
                    Revision head = resolve(uri, c.head());
                    yield new Reading(
                            history.compare(uri, base, head, c.sinceMergeBase(), c.path(), limits.maxReadBytes(), stop),
                            base.pinned() && head.pinned());
                }
                case Address.Blame b -> readBlame(uri, b, limits);
                case Address.Status s -> new Reading(workTree(uri, true, limits), false);
                case Address.Diff d -> new Reading(workTree(uri, false, limits), false);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Reading readBlame(String uri, Address.Blame address, Limits limits) throws IOException {
        Entries.Located located = blameTarget(uri, address).orElseThrow(() -> new ResourceNotFoundException(uri));
        String path = GitUris.utf8(located.entry().path());
        byte[] porcelain;
        try {
            porcelain = path == null ? null : blame.porcelain(located.revision(), path, limits.maxReadBytes());
        } catch (Patches.TooLarge e) {
            throw History.tooLarge(uri, limits.maxReadBytes());
        }
        if (porcelain == null) {
            throw new ResourceNotFoundException(uri);
        }
        return new Reading(
                Blame.items(blame.resource(uri, located.revision(), located.entry()), porcelain),
                located.revision().pinned());
    }

    private Optional<Entries.Located> blameTarget(String uri, Address.Blame address) {
        return revisions
                .split(address.segments())
                .filter(split -> split.path().length > 0)
                .flatMap(split -> entries.at(uri, split.revision(), split.path()))
                .filter(l -> l.entry().kind() == TreeEntry.Kind.FILE);
    }

    private List<Item> workTree(String uri, boolean status, Limits limits) throws IOException {
        if (repo.bare()) {
            throw new ResourceNotFoundException(uri);
        }
        WorkTree tree = new WorkTree(repo.repository());
        if (status) {
            String text = tree.porcelain();
            return List.of(new Item(
                    catalog.statusResource().toBuilder()
                            .size((long) History.utf8Length(text))
                            .build(),
                    new Content.Text(text)));
        }
        byte[] patch;
        try {
            patch = tree.diff(limits.maxReadBytes());
        } catch (UncheckedIOException e) {
            throw History.tooLargeOr(uri, limits.maxReadBytes(), e);
        }
        return List.of(new Item(
                catalog.diffResource().toBuilder().size((long) patch.length).build(), Content.of(patch)));
    }

    private Revision resolve(String uri, String expression) {
        return revisions.resolve(expression).orElseThrow(() -> new ResourceNotFoundException(uri));
    }

    /** A page of everything this repository lists. */
    Catalog.Listing list(String cursor, int limit) {
        return catalog.all(cursor, limit);
    }

    /** A page of the children of a collection: the repository's views and refs, or a folder's entries. */
    Catalog.Listing children(String uri, String cursor, int limit) {
        Address address = address(uri).orElseThrow(() -> new ResourceNotFoundException(uri));
        return switch (address) {
            case Address.Root r -> catalog.rootChildren(cursor, limit);
            case Address.Entry e -> {
                Entries.Located located = entries.locate(uri, e).orElseThrow(() -> new ResourceNotFoundException(uri));
                Entries.Children page = entries.children(located, cursor, limit);
                yield new Catalog.Listing(page.resources(), page.next());
            }
            default -> new Catalog.Listing(List.of(), null);
        };
    }

    Completer.Result complete(String template, String argument, String value, Map<String, String> context) {
        if (templates.stream().noneMatch(t -> t.uriTemplate().equals(template))) {
            return Completer.Result.NONE;
        }
        return completer.complete(argument, value, context);
    }
}
