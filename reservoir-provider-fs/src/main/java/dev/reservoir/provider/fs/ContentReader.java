package dev.reservoir.provider.fs;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ProviderException;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads files and folders. A file is opened where it really is through open folders (never
 * through a link) and read exactly the size it was described with. One of up to
 * {@link ContentTypes#SNIFF_BYTES} is read whole at once; a larger one is streamed when the server
 * writes the response (text decoded a buffer at a time, binary base64-encoded a buffer at a time),
 * never held whole. A file the server may not read is error -31001 (access denied, naming its URI). A folder reads as SEP-2093 collection contents: first the folder itself as
 * {@code text/uri-list} (RFC 2483) naming its first entries, then each of those entries that is a
 * text file small enough for what is left of the byte budget, with its metadata and its whole
 * text. Folders and binary files are only named in the list (a blob or a folder has no honest
 * short form); {@code resources/list} with the folder's URI pages through every entry. Thread-safe.
 */
final class ContentReader {

    private final PathResolver resolver;
    private final Describer describer;
    private final TreeLister lister;
    private final long maxReadBytes;

    ContentReader(PathResolver resolver, Describer describer, TreeLister lister, long maxReadBytes) {
        this.resolver = resolver;
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
            throw ProviderException.tooLarge(entry.uri(), size, limit);
        }
        if (size <= ContentTypes.SNIFF_BYTES) {
            ReadResult small = readSmall(entry);
            if (small != null) {
                return small;
            }
        }
        ContentTypes.Info info = describer.types().info(entry);
        if (!info.readable()) {
            throw ProviderException.denied(entry.uri());
        }
        return ReadResult.of(describer.describe(entry, info), body(entry, info));
    }

    /**
     * A file of at most {@link ContentTypes#SNIFF_BYTES} (most files served) read whole, at once:
     * one walk and one open give its type (when not already known) and its content, held in memory
     * and written as any content in memory, where a streamed body opens the file again (after a
     * sniff that opened it too) and decodes it through a reader. It is opened and held to its size
     * by {@link #open}, as a streamed body is. Null when it could not be read so (the streamed way
     * then reports why, as it always did: access denied with its warning, gone, changed).
     */
    private ReadResult readSmall(Entry entry) {
        int size = (int) entry.attrs().size();
        byte[] content;
        try (InputStream in = open(entry, 0)) {
            content = in.readNBytes(size); // open checked the size; a shorter file fails here
        } catch (IOException | ProviderException e) {
            return null;
        }
        ContentTypes.Info info = describer.types().info(entry, content);
        ContentBody body;
        if (!info.isText()) {
            body = ContentBody.bytes(content);
        } else if (info.bomLength() == 0 && info.charset().equals(StandardCharsets.UTF_8)) {
            body = ContentBody.utf8Text(content); // sent as these bytes, without a String made of them
        } else {
            body = ContentBody.text(new String(content, info.bomLength(), size - info.bomLength(), info.charset()));
        }
        return ReadResult.of(describer.describe(entry, info), body);
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
            if (!info.isText() || !info.readable()) {
                continue;
            }
            budget -= size;
            contents.add(new ResourceContent(describer.describe(child, info), body(child, info)));
        }
        return contents;
    }

    /** The streamed body of a regular file; opening it again (per write) re-opens the file. */
    private ContentBody body(Entry entry, ContentTypes.Info info) {
        long size = entry.attrs().size();
        if (!info.isText()) {
            return ContentBody.binaryStream(() -> open(entry, 0), size);
        }
        // The size a text body announces is that of its UTF-8 form: known only when the file is
        // UTF-8 and was checked whole (a malformed byte further on would be replaced, and the
        // replacement character takes three bytes); the stream keeps the file to its size anyway.
        boolean utf8 = info.charset().equals(StandardCharsets.UTF_8) && size <= ContentTypes.SNIFF_BYTES;
        long textSize = utf8 ? Math.max(0, size - info.bomLength()) : -1;
        return ContentBody.textStream(
                () -> {
                    CharsetDecoder decoder = info.charset()
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPLACE)
                            .onUnmappableCharacter(CodingErrorAction.REPLACE);
                    return (Reader) new InputStreamReader(open(entry, info.bomLength()), decoder);
                },
                textSize);
    }

    /**
     * Opens a file where it really is (see {@link PathResolver#openFile}), as a stream of exactly
     * the size it was described with. A file that may not be read is "access denied"; one that is
     * gone or was replaced is NoSuchFileException (the server answers "not found"); one whose
     * size changed since it was described fails now, before anything is sent.
     */
    private InputStream open(Entry entry, int skip) throws IOException {
        SeekableByteChannel channel;
        try {
            channel = resolver.openFile(entry);
        } catch (AccessDeniedException e) {
            throw ProviderException.denied(entry.uri());
        }
        long size = entry.attrs().size();
        InputStream in = new ExactSizeStream(Channels.newInputStream(channel), size, entry.uri());
        try {
            long now = channel.size();
            if (now != size) {
                throw changed(entry.uri(), size, now);
            }
            in.skipNBytes(Math.min(skip, size));
            return in;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private static ProviderException changed(String uri, long size, long now) {
        return ProviderException.of(
                ProviderException.Kind.FAILED,
                uri,
                "Resource " + uri + " changed while it was read (" + size + " bytes, now " + now + "); read it again",
                null);
    }
}
