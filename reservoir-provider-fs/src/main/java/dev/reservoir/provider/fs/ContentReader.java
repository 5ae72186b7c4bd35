package dev.reservoir.provider.fs;

import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads files and folders. A file is streamed when the server writes the response (text decoded
 * a buffer at a time, binary base64-encoded a buffer at a time), opened without following a link,
 * and never held whole. A folder reads as SEP-2093 collection contents: first the folder itself as
 * {@code text/uri-list} (RFC 2483) naming its first entries, then each of those entries that is a
 * text file small enough for what is left of the byte budget, with its metadata and its whole
 * text. Folders and binary files are only named in the list (a blob or a folder has no honest
 * short form); {@code resources/list} with the folder's URI pages through every entry. Thread-safe.
 */
final class ContentReader {

    private final Describer describer;
    private final TreeLister lister;
    private final long maxReadBytes;

    ContentReader(Describer describer, TreeLister lister, long maxReadBytes) {
        this.describer = describer;
        this.lister = lister;
        this.maxReadBytes = maxReadBytes;
    }

    ReadResult read(Entry entry, ReadOptions options) {
        long limit = Math.min(maxReadBytes, options.maxReadBytes());
        if (entry.isDirectory()) {
            return ReadResult.of(collection(entry, options, limit));
        }
        long size = entry.attrs().size();
        if (size > limit) {
            throw McpException.contentTooLarge(entry.uri(), size, limit);
        }
        ContentTypes.Info info = describer.types().info(entry);
        return ReadResult.of(describer.describe(entry, info), body(entry, info, limit));
    }

    private List<ResourceContent> collection(Entry folder, ReadOptions options, long limit) {
        TreeLister.Slice first = lister.children(folder, null, Math.max(options.maxCollectionItems(), 1));
        StringBuilder uriList = new StringBuilder();
        uriList.append("# ")
                .append(folder.uri())
                .append(first.next() == null ? ": all " : ": the first ")
                .append(first.entries().size())
                .append(first.entries().size() == 1 ? " entry" : " entries");
        if (first.next() != null) {
            uriList.append("; resources/list with this uri pages through all of them");
        }
        uriList.append("\r\n");
        for (Entry child : first.entries()) {
            uriList.append(child.uri()).append("\r\n");
        }
        String listText = uriList.toString();
        long listBytes = listText.getBytes(StandardCharsets.UTF_8).length;
        Resource self = describer.describe(folder).toBuilder()
                .mimeType("text/uri-list")
                .size(listBytes)
                .build();
        List<ResourceContent> contents = new ArrayList<>();
        contents.add(new ResourceContent(self, ContentBody.text(listText)));
        long budget = options.maxCollectionBytes() - listBytes;
        for (Entry child : first.entries()) {
            long size = child.attrs().size();
            if (child.isDirectory() || size > budget || size > limit) {
                continue;
            }
            ContentTypes.Info info = describer.types().info(child);
            if (!info.isText()) {
                continue;
            }
            budget -= size;
            contents.add(new ResourceContent(describer.describe(child, info), body(child, info, limit)));
        }
        return contents;
    }

    /** The streamed body of a regular file; opening it again (per write) re-opens the file. */
    private static ContentBody body(Entry entry, ContentTypes.Info info, long limit) {
        Path real = entry.real();
        long size = entry.attrs().size();
        String uri = entry.uri();
        if (!info.isText()) {
            return ContentBody.binaryStream(() -> open(real, 0, limit, uri), size);
        }
        // The size a text body announces is that of its UTF-8 form: known only when the file is UTF-8.
        boolean utf8 = info.charset().equals(StandardCharsets.UTF_8);
        long textSize = utf8 ? Math.max(0, size - info.bomLength()) : -1;
        return ContentBody.textStream(
                () -> {
                    CharsetDecoder decoder = info.charset()
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPLACE)
                            .onUnmappableCharacter(CodingErrorAction.REPLACE);
                    return (Reader) new InputStreamReader(open(real, info.bomLength(), limit, uri), decoder);
                },
                textSize);
    }

    private static InputStream open(Path real, int skip, long limit, String uri) throws IOException {
        InputStream in = Files.newInputStream(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        try {
            in.skipNBytes(Math.min(skip, Files.size(real)));
        } catch (IOException e) {
            in.close();
            throw e;
        }
        return limit == Long.MAX_VALUE ? in : new Limited(in, limit, uri);
    }

    /**
     * Fails once more than the limit was read: a file that grew past it while being sent must end
     * in an error (the server then breaks the response), never in content cut short that looks whole.
     */
    private static final class Limited extends FilterInputStream {
        private final String uri;
        private long left;

        Limited(InputStream in, long limit, String uri) {
            super(in);
            this.left = limit;
            this.uri = uri;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, (int) Math.min(len, left + 1));
            if (n > 0) {
                left -= n;
                if (left < 0) {
                    throw new IOException(uri + " grew past the read limit while it was read");
                }
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(Math.min(n, Math.max(left, 0)));
            left -= skipped;
            return skipped;
        }
    }
}
