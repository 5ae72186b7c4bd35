package dev.reservoir.provider.fs;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An open folder whose entries are examined and opened relative to it, one name at a time and
 * never through a link. On Linux it is a {@link SecureDirectoryStream}: the kernel's {@code *at}
 * calls on the open folder, so a folder on the way that is swapped for a link between a check and
 * a use cannot lead anywhere else (a swapped last name fails with {@code O_NOFOLLOW}). Where the
 * JDK has no such stream, the handle holds a path and compares the identity (file key: device and
 * inode) of what it opens with what was checked, before and after: that narrows the window but
 * cannot close it. Either way, what is opened must have the identity the caller checked. Names
 * are one-name paths made by {@link FileNames#path}. Not thread-safe; close it.
 */
abstract sealed class DirHandle implements Closeable permits DirHandle.Secure, DirHandle.ByPath {

    private static final Path SELF = Path.of(".");

    /** False makes every handle a {@link ByPath} one: tests run the fallback on Linux with it. */
    static volatile boolean useSecureStreams = true;

    private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;

    private final Path path;

    private DirHandle(Path path) {
        this.path = path;
    }

    /** The folder's path: for logs, messages and child paths; the secure handle never opens it. */
    final Path path() {
        return path;
    }

    /** The attributes of the entry {@code name}, without following a link. */
    abstract BasicFileAttributes attributes(Path name) throws IOException;

    /** The attributes of the open folder itself (a kept root's: as checked when this handle was made). */
    abstract BasicFileAttributes self() throws IOException;

    /** Opens the folder {@code name} (never through a link); it must be the one {@code checked} described. */
    abstract DirHandle folder(Path name, BasicFileAttributes checked) throws IOException;

    /** Opens the regular file {@code name} to read (never through a link); it must be the one {@code checked} described. */
    abstract SeekableByteChannel file(Path name, BasicFileAttributes checked) throws IOException;

    /** A new pass over the folder's entries. */
    abstract DirectoryStream<Path> entries() throws IOException;

    /**
     * Opens a folder given by its absolute path (a root): everything above its last name is
     * trusted, and the last name must be a folder, not a link, and be what was opened.
     */
    static DirHandle open(Path folder) throws IOException {
        BasicFileAttributes before = Files.readAttributes(folder, BasicFileAttributes.class, NOFOLLOW);
        if (!before.isDirectory()) {
            throw new NotDirectoryException(FileNames.show(folder));
        }
        DirectoryStream<Path> stream = Files.newDirectoryStream(folder);
        if (!(stream instanceof SecureDirectoryStream<Path> secure) || !useSecureStreams) {
            stream.close();
            ByPath handle = new ByPath(folder, before);
            handle.verify();
            return handle;
        }
        try {
            Object opened = secure.getFileAttributeView(BasicFileAttributeView.class)
                    .readAttributes()
                    .fileKey();
            // What was opened is what was checked (a folder, not a link): a link swapped in
            // between would have been followed to something else.
            if (!sameKey(opened, before)) {
                throw replaced(folder);
            }
            return new Secure(folder, secure);
        } catch (IOException | RuntimeException e) {
            secure.close();
            throw e;
        }
    }

    /**
     * Opens a root folder as {@link #open} does, with the open folder kept in {@code kept} for the
     * walks that follow: a walk then costs one {@code lstat} of the root (it must still name the
     * folder kept, by file key) instead of opening it again, which with its checks took a third of
     * a folder read's CPU (reservoir-bench/PROFILE.md). The handle returned is the caller's; its
     * {@code close} gives the kept folder back, which is closed once it was replaced (the root's
     * path named another folder) and every walk on it has ended. Only the secure handles are kept.
     */
    static DirHandle open(Path folder, Map<Path, Kept> kept) throws IOException {
        if (!useSecureStreams) {
            return open(folder);
        }
        BasicFileAttributes now = Files.readAttributes(folder, BasicFileAttributes.class, NOFOLLOW);
        if (!now.isDirectory()) {
            throw new NotDirectoryException(FileNames.show(folder));
        }
        Kept known = kept.get(folder);
        if (known != null && now.fileKey() != null && now.fileKey().equals(known.key) && known.borrow()) {
            // The lstat just made describes the folder kept (the same file key): its attributes.
            return new Secure(folder, known.stream, known, now);
        }
        DirHandle fresh = open(folder);
        if (!(fresh instanceof Secure secure)) {
            return fresh;
        }
        Object key;
        try {
            key = secure.self().fileKey();
        } catch (IOException | RuntimeException e) {
            fresh.close();
            throw e;
        }
        if (key == null) {
            return fresh;
        }
        Kept made = new Kept(secure.stream, key);
        made.borrow(); // the caller's
        Kept replaced = kept.put(folder, made);
        if (replaced != null) {
            replaced.release(); // the map's
        }
        return new Secure(folder, secure.stream, made, null);
    }

    /** Gives back every folder kept in {@code kept} (each is closed once its last walk ends). */
    static void releaseAll(Map<Path, Kept> kept) {
        for (Path folder : List.copyOf(kept.keySet())) {
            Kept k = kept.remove(folder);
            if (k != null) {
                k.release();
            }
        }
    }

    /**
     * An open root folder shared by concurrent walks (the JDK's secure stream takes a read lock
     * for each call and its write lock to close). Counted: one for the map that keeps it, one for
     * each walk on it; closed when the count reaches zero, and never borrowed again after that.
     */
    static final class Kept {
        private final SecureDirectoryStream<Path> stream;
        private final Object key;
        private final AtomicInteger users = new AtomicInteger(1);

        private Kept(SecureDirectoryStream<Path> stream, Object key) {
            this.stream = stream;
            this.key = key;
        }

        private boolean borrow() {
            for (int n = users.get(); n > 0; n = users.get()) {
                if (users.compareAndSet(n, n + 1)) {
                    return true;
                }
            }
            return false; // closed meanwhile: the caller opens the folder afresh
        }

        /** Closes the folder when this was its last user; a failure to close it fails no walk. */
        private void release() {
            if (users.decrementAndGet() == 0) {
                try {
                    stream.close();
                } catch (IOException e) {
                    // a folder that was only read: nothing is lost
                }
            }
        }
    }

    private static boolean sameKey(Object key, BasicFileAttributes attrs) {
        // No file key (some file systems): identity cannot be compared, the type checks remain.
        return key == null || attrs.fileKey() == null || key.equals(attrs.fileKey());
    }

    private static NoSuchFileException replaced(Path path) {
        return new NoSuchFileException(FileNames.show(path), null, "replaced while it was being opened");
    }

    /** Linux: openat/fstatat on an open folder. */
    static final class Secure extends DirHandle {
        private final SecureDirectoryStream<Path> stream; // never iterated: entries() opens "." again
        private final Kept kept; // null: the stream is this handle's own
        private final BasicFileAttributes opened; // the folder's when this handle was made; null: ask it
        private boolean closed;

        private Secure(Path path, SecureDirectoryStream<Path> stream) {
            this(path, stream, null, null);
        }

        private Secure(Path path, SecureDirectoryStream<Path> stream, Kept kept, BasicFileAttributes opened) {
            super(path);
            this.stream = stream;
            this.kept = kept;
            this.opened = opened;
        }

        @Override
        BasicFileAttributes attributes(Path name) throws IOException {
            return stream.getFileAttributeView(name, BasicFileAttributeView.class, NOFOLLOW)
                    .readAttributes();
        }

        @Override
        BasicFileAttributes self() throws IOException {
            if (opened != null) {
                return opened; // a kept root's, from the lstat that checked it a moment ago (one fstat less a walk)
            }
            return stream.getFileAttributeView(BasicFileAttributeView.class).readAttributes();
        }

        @Override
        DirHandle folder(Path name, BasicFileAttributes checked) throws IOException {
            if (!checked.isDirectory()) {
                throw new NotDirectoryException(FileNames.show(path().resolve(name)));
            }
            SecureDirectoryStream<Path> child = stream.newDirectoryStream(name, NOFOLLOW);
            try {
                Object key = child.getFileAttributeView(BasicFileAttributeView.class)
                        .readAttributes()
                        .fileKey();
                if (!sameKey(key, checked)) {
                    throw replaced(path().resolve(name));
                }
                return new Secure(path().resolve(name), child);
            } catch (IOException | RuntimeException e) {
                child.close();
                throw e;
            }
        }

        @Override
        SeekableByteChannel file(Path name, BasicFileAttributes checked) throws IOException {
            // A FIFO or device is never opened: the entry is checked to be the same regular file first.
            BasicFileAttributes now = attributes(name);
            if (!now.isRegularFile() || !sameKey(now.fileKey(), checked)) {
                throw replaced(path().resolve(name));
            }
            return stream.newByteChannel(name, Set.of(StandardOpenOption.READ, NOFOLLOW));
        }

        @Override
        DirectoryStream<Path> entries() throws IOException {
            return stream.newDirectoryStream(SELF, NOFOLLOW);
        }

        @Override
        public void close() throws IOException {
            if (kept == null) {
                stream.close();
            } else if (!closed) {
                closed = true; // a kept folder is given back once, however often this is closed
                kept.release();
            }
        }
    }

    /** Elsewhere: paths, with the identity of each thing opened compared before and after opening it. */
    static final class ByPath extends DirHandle {
        private final BasicFileAttributes checked;

        private ByPath(Path path, BasicFileAttributes checked) {
            super(path);
            this.checked = checked;
        }

        /** Fails unless the path still names the folder this handle was made for. */
        void verify() throws IOException {
            BasicFileAttributes now = Files.readAttributes(path(), BasicFileAttributes.class, NOFOLLOW);
            if (!now.isDirectory() || !sameKey(now.fileKey(), checked)) {
                throw replaced(path());
            }
        }

        @Override
        BasicFileAttributes attributes(Path name) throws IOException {
            BasicFileAttributes attrs = Files.readAttributes(path().resolve(name), BasicFileAttributes.class, NOFOLLOW);
            verify();
            return attrs;
        }

        @Override
        BasicFileAttributes self() throws IOException {
            verify();
            return checked;
        }

        @Override
        DirHandle folder(Path name, BasicFileAttributes expected) throws IOException {
            ByPath child = new ByPath(path().resolve(name), expected);
            child.verify();
            verify();
            return child;
        }

        @Override
        SeekableByteChannel file(Path name, BasicFileAttributes expected) throws IOException {
            Path file = path().resolve(name);
            BasicFileAttributes before = Files.readAttributes(file, BasicFileAttributes.class, NOFOLLOW);
            if (!before.isRegularFile() || !sameKey(before.fileKey(), expected)) {
                throw replaced(file);
            }
            SeekableByteChannel channel = Files.newByteChannel(file, StandardOpenOption.READ, NOFOLLOW);
            try {
                BasicFileAttributes after = Files.readAttributes(file, BasicFileAttributes.class, NOFOLLOW);
                if (!Objects.equals(after.fileKey(), before.fileKey())) {
                    throw replaced(file);
                }
                verify();
                return channel;
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        @Override
        DirectoryStream<Path> entries() throws IOException {
            verify();
            return Files.newDirectoryStream(path());
        }

        @Override
        public void close() {}
    }
}
