/**
 * Folders as live MCP resources: {@link dev.reservoir.provider.fs.FileSystemProvider}, built with
 * {@link dev.reservoir.provider.fs.FileSystemProviderBuilder}.
 *
 * <h2>URIs</h2>
 * Every entry is named by the {@code file:} URI of its path below a root's real absolute path:
 * {@code file:///home/me/docs/notes/a%20b.txt}. Names are percent-encoded as UTF-8, everything
 * except RFC 3986 unreserved characters; folders have no trailing slash (one is accepted on a
 * folder's URI and refused on a file's). Two roots are told apart by their paths, so roots must not
 * overlap. Each root has a template {@code file:///home/me/docs/{+path}} whose {@code path}
 * completes name by name. A link that is followed keeps the link's path in its URI.
 *
 * <h2>Safety</h2>
 * A URI is taken apart before decoding (so {@code %2F} never becomes a separator), each name is
 * decoded as strict UTF-8 and refused if it is empty, {@code .}, {@code ..}, or holds a slash,
 * backslash, NUL or control character; then the path is walked from the root one name at a time
 * without following links, refusing hidden, ignored and excluded names, anything that is not a
 * regular file or folder, and links whose real target is outside every root, not shown where it
 * lies, or a folder the walk came through. Every refusal is the same "not found".
 *
 * <h2>Listing</h2>
 * {@code resources/list} is every root in order, each depth-first, a folder before its entries,
 * entries sorted by name. The provider's cursor is {@code <root index>:<names joined by '/'>}, the
 * path of the last entry returned (the server signs it); the next page walks down that path and
 * continues after it, reading each folder on the path once and keeping only the next few names.
 * Memory per page is bounded by the page size and the depth, never by the size of the tree; time
 * per page grows with the size of the folders on the path.
 *
 * <h2>Reading a folder</h2>
 * SEP-2093 lets a collection's read hold its children, each with its own metadata and content,
 * and need not be complete. A folder reads as: first the folder itself, as {@code text/uri-list}
 * (RFC 2483) naming its first {@code maxCollectionItems} entries (with a comment pointing to
 * {@code resources/list} when there are more); then each of those entries that is a text file whose
 * whole text fits in what is left of {@code maxCollectionBytes}, with its text. Subfolders and
 * binary files are only named: they have no short form that would be their real content.
 *
 * <h2>Changes</h2>
 * One recursive watcher per root (directory-watcher), started with the first watch. A changed file
 * notifies watchers of the file and of its folder; a file or folder that appears or goes also
 * changes the list. Notifications go out once events pause for the coalescing window (and at least
 * every 30 windows during a long burst), each URI once per batch. Watches through links are kept
 * under the real target's URI, since events come for real paths.
 */
package dev.reservoir.provider.fs;
