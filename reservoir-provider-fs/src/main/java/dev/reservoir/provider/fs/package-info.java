/**
 * Folders as live MCP resources: {@link dev.reservoir.provider.fs.FileSystemProvider}, built with
 * {@link dev.reservoir.provider.fs.FileSystemProviderBuilder}.
 *
 * <h2>URIs and names</h2>
 * Every entry is named by the {@code file:} URI of its path below a root's real absolute path:
 * {@code file:///home/me/docs/notes/a%20b.txt}. Names are percent-encoded as UTF-8, everything
 * except RFC 3986 unreserved characters; folders have no trailing slash (one is accepted on a
 * folder's URI and refused on a file's); {@code file://localhost/...} names the same file as
 * {@code file:///...} (RFC 8089). Two roots are told apart by their paths, so roots must not
 * overlap. Each root has a template {@code file:///home/me/docs/{+path}} whose {@code path}
 * completes name by name. A link that is followed keeps the link's path in its URI.
 *
 * <p>File names are bytes; a name is served when they are valid UTF-8 (the string is their
 * decoding), whatever the locale the JVM runs under: under a locale that is not UTF-8 (MCP hosts
 * start servers with a bare environment) names outside ASCII are converted through {@code file:}
 * URIs, which the JDK maps to bytes without the locale, and the builder logs once that the locale
 * should be UTF-8 (command-line arguments are decoded with it before the program starts). A name
 * that is not valid UTF-8, or holds a control character, cannot be named by a URI: it is skipped,
 * with one log line, and the listing goes on.
 *
 * <h2>Safety</h2>
 * A URI is taken apart before decoding (so {@code %2F} never becomes a separator), each name is
 * decoded as strict UTF-8 and refused if it is empty, {@code .}, {@code ..}, or holds a slash,
 * backslash, NUL or control character. The path is then walked from the root one name at a time
 * through open folders: on Linux a {@link java.nio.file.SecureDirectoryStream} per folder (the
 * kernel's {@code openat}/{@code fstatat} on the open folder), so each name is examined without
 * following a link and the next folder is opened relative to the one before; no name is looked up
 * twice, and a folder swapped for a link between a check and a use cannot lead outside the root.
 * What is opened must also have the identity (device and inode) of what was checked. The walk
 * refuses hidden, ignored and excluded names, anything that is not a regular file or folder (a
 * FIFO or device is never opened), the mount points of pseudo file systems ({@code proc},
 * {@code sysfs}, {@code devtmpfs}, {@code cgroup}...: their files are not documents, and
 * {@code /proc} is huge and loops back), and links whose real target is outside every root, not
 * shown where it lies, or a folder the walk came through. A link that is followed is resolved to
 * its real path, which is checked and then walked again from its root, name by name, with no
 * link allowed. Every refusal is the same "not found". Where the JDK has no secure directory
 * streams (not Linux), folders are opened by path and the identity of each is compared before and
 * after: that narrows the window for a swap but cannot close it. Known limit: a FIFO swapped in
 * for a checked file or folder in the instant before it is opened blocks that one request.
 *
 * <h2>Errors</h2>
 * Missing, refused and swapped entries are "not found". An entry the server may not read (a file,
 * or a folder on the way) is error -31001 (access denied), whose message and {@code data.uri}
 * name the URI asked for; an unreadable file is still listed (its type from its name, a
 * description saying it may not be read). A file is read at exactly the size it was described
 * with: if it changed before it was opened the read fails before anything is sent ("changed while
 * it was read; read it again"), and if it shrinks or grows while it is sent the stream fails, so
 * the server breaks that answer rather than send content of another size that looks whole.
 *
 * <h2>Listing</h2>
 * {@code resources/list} is every root in order, each depth-first, a folder before its entries.
 * Many hosts show only the first page, so each folder's entries come most useful first
 * ({@code UsefulOrder}): its README and {@code index.*} files, then its other documents
 * ({@code *.md}, {@code *.txt}, {@code LICENSE}...), then its other files, then its subfolders
 * ({@code docs} first) with what they hold, and last what is bulky or generated ({@code *.log},
 * {@code *.tmp}, {@code node_modules}, {@code target}, {@code build}...); names in order within
 * each of these. A folder's README is thus on the first page even beside a thousand log files.
 * The order depends only on names and on which are folders, so it is the same on every page: the
 * provider's cursor is {@code <root index>:<d or f>:<names joined by '/'>}, the path of the last
 * entry returned and whether it is a folder (the server signs it); the next page walks down that
 * path and continues after it, reading each folder on the path once and keeping only the next few
 * names. A folder's own listing ({@code resources/list {uri}}) and its read use the same order.
 * Memory per page is bounded by the page size and the depth, never by the size of the tree; time
 * per page grows with the size of the folders on the path. A folder that may not be read is listed
 * but not entered, and an entry that cannot be named or examined is skipped: each is logged once
 * (not once per page) and the listing goes on after it. A folder reached through a link is listed
 * once, as itself (with a description naming where it really is), and not entered: what it holds
 * is listed where it really is, inside a root, so nothing is listed twice; listing it by its URI
 * (a parent listing) or reading through it works.
 *
 * <h2>Types and text</h2>
 * The MIME type and whether a file is text come from its name and its first 8 KiB, and the same
 * answer serves the listing and the read: a file listed with a text type is read as text, any
 * other as a base64 blob. Text is UTF-8 (with or without a BOM), UTF-16 with a BOM, or other 8-bit
 * text (no NUL, almost no control characters), which is decoded as windows-1252 (a superset of
 * the printable ISO-8859-1); the text is sent as JSON, so its type carries no {@code charset}, and
 * its size is that of the file. Source and build files Tika names wrongly or not at all
 * ({@code .rs}, {@code .ts}, {@code .kt}, {@code .toml}, {@code Dockerfile}, {@code go.mod}...) get
 * text types; a document format that may be plain ASCII ({@code .pdf}, {@code .ps},
 * {@code .class}) keeps the type its name says and is a blob; otherwise Tika decides, from the
 * name when it names a text type, else from the content. Binary content never gets a text type.
 *
 * <h2>Reading a folder</h2>
 * SEP-2093 lets a collection's read hold its children, each with its own metadata and content,
 * and need not be complete. A folder reads as: first the folder itself, as {@code text/uri-list}
 * (RFC 2483) naming its first {@code maxCollectionItems} entries (with a comment pointing to
 * {@code resources/list} when there are more); then each of those entries that is a readable text
 * file whose whole text fits in what is left of {@code maxCollectionBytes}, with its text.
 * Subfolders and binary files are only named: they have no short form that would be their real
 * content.
 *
 * <h2>Changes</h2>
 * One recursive watcher per root (directory-watcher), started with the first watch. A changed file
 * notifies watchers of the file and of its folder; a file or folder that appears or goes also
 * changes the list. Notifications go out once events pause for the coalescing window (and at least
 * every 30 windows during a long burst), each URI once per batch. Watches through links are kept
 * under the real target's URI, since events come for real paths. A folder that cannot be watched
 * (no permission, the system's limit of inotify watches) is skipped with one log line and the rest
 * is watched; pseudo file systems are not entered. The folder holding each root is watched too: a
 * root moved away or removed tells every watch below it and the list, and stops its watcher; when
 * a folder is at the root's path again it is served and watched again, and that is told the same
 * way. A folder further up being moved is not noticed (the root is then simply gone from
 * listings), and the root {@code /} has no folder above it to watch.
 */
package dev.reservoir.provider.fs;
