package dev.reservoir.provider.fs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.Channels;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.apache.tika.mime.MimeTypes;

/**
 * What a file holds: its MIME type and, when it is text, its charset. Both come from the first
 * {@value #SNIFF_BYTES} bytes, and the listing and the read use the same answer, so a file listed
 * as a text type is read as text and any other as a blob. The content decides text or binary:
 * text is UTF-16 with a byte order mark, UTF-8 (ASCII included, with or without a BOM), or else
 * 8-bit text (no NUL, almost no control characters, none of the bytes windows-1252 leaves
 * undefined), which is decoded as windows-1252 (a superset of the printable ISO-8859-1); anything
 * else is binary. The type of text is, in order: {@link SourceTypes} for source and build files
 * Tika gets wrong; Tika's type from the name when it is a text type; the name's type when it is a
 * document format that may be plain ASCII ({@code .pdf}, {@code .ps}, {@code .class}), which then
 * makes the file a blob; Tika's type from the content (magic patterns, the costly part, run only
 * then); else {@code text/plain}. The type of binary content comes from name and content, and is
 * never a text type ({@code application/octet-stream} then). A file that cannot be read gets its
 * type from its name alone and is marked unreadable (reading it is "access denied"). Results are
 * cached per path and reused while size and time are unchanged. Thread-safe.
 */
final class ContentTypes {

    static final int SNIFF_BYTES = 8192;
    private static final int CACHE_ENTRIES = 8192;

    /**
     * @param mimeType the MIME type
     * @param charset the text's charset, or null for binary content
     * @param bomLength bytes of byte order mark to skip before decoding
     * @param readable false when the server may not read the file (its type is from its name)
     */
    record Info(String mimeType, Charset charset, int bomLength, boolean readable) {
        Info(String mimeType, Charset charset, int bomLength) {
            this(mimeType, charset, bomLength, true);
        }

        boolean isText() {
            return charset != null;
        }
    }

    /** Binary document formats that may be plain ASCII: their name wins over text-looking content. */
    private static final Set<String> NAME_WINS =
            Set.of("application/pdf", "application/postscript", "application/java-vm");

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    private record Stamp(FileTime modified, long size, Info info) {}

    /**
     * Tika's registry, loaded once and lazily: reading its XML takes a good part of a server's
     * start-up, and the first answers (initialize, discover) do not need it. {@link #preload()}
     * starts loading it on another thread.
     */
    private static final class Registry {
        static final MimeTypes TYPES = MimeTypes.getDefaultMimeTypes();
    }

    /** Starts loading Tika's registry in the background, so that it is ready by the first listing. */
    static void preload() {
        Thread.ofPlatform().daemon().name("reservoir-tika-load").start(() -> Registry.TYPES.getClass());
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Path, Stamp> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Stamp> eldest) {
            return size() > CACHE_ENTRIES;
        }
    };

    private final PathResolver resolver;

    ContentTypes(PathResolver resolver) {
        this.resolver = resolver;
    }

    /** What the regular file of an entry holds; binary (and maybe unreadable) if it cannot be read. */
    Info info(Entry entry) {
        return info(entry, (DirHandle) null);
    }

    /**
     * The same, opening the file relative to {@code folder} (its real folder, open: a listing has
     * it at hand) rather than walking from the root again; null to walk.
     */
    Info info(Entry entry, DirHandle folder) {
        Info known = cached(entry);
        return known != null ? known : remember(entry, sniff(entry, folder));
    }

    /**
     * The same for a file whose whole content is at hand ({@code content}, at most
     * {@value #SNIFF_BYTES} bytes): classified from it, without opening the file again.
     */
    Info info(Entry entry, byte[] content) {
        Info known = cached(entry);
        return known != null ? known : remember(entry, classify(content, true, entry.name()));
    }

    /** What the cache knows of the entry's file, while its size and time are unchanged; or null. */
    private Info cached(Entry entry) {
        lock.lock();
        try {
            Stamp stamp = cache.get(entry.real());
            if (stamp != null
                    && stamp.modified().equals(entry.attrs().lastModifiedTime())
                    && stamp.size() == entry.attrs().size()) {
                return stamp.info();
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    private Info remember(Entry entry, Info info) {
        if (!info.readable()) {
            return info; // not cached: permissions change without changing size or time
        }
        lock.lock();
        try {
            cache.put(
                    entry.real(),
                    new Stamp(entry.attrs().lastModifiedTime(), entry.attrs().size(), info));
        } finally {
            lock.unlock();
        }
        return info;
    }

    private Info sniff(Entry entry, DirHandle folder) {
        byte[] head;
        boolean whole;
        try (InputStream in = Channels.newInputStream(
                folder == null
                        ? resolver.openFile(entry)
                        : folder.file(FileNames.path(entry.realRel().getLast()), entry.attrs()))) {
            head = in.readNBytes(SNIFF_BYTES);
            whole = head.length < SNIFF_BYTES || in.read() < 0;
        } catch (AccessDeniedException e) {
            resolver.skipped()
                    .warn(
                            "unreadable " + entry.real(),
                            "{} may not be read (permission denied): it is listed, and reading it fails",
                            entry.uri());
            MediaType byName = detect(null, entry.name());
            return new Info(isTextual(byName) ? MediaType.OCTET_STREAM.toString() : byName.toString(), null, 0, false);
        } catch (IOException e) {
            return new Info(MediaType.OCTET_STREAM.toString(), null, 0);
        }
        return classify(head, whole, entry.name());
    }

    /** Classifies a file from its first bytes; {@code whole} when they are all of it. */
    Info classify(byte[] head, boolean whole, String name) {
        Info text = textCharset(head, whole);
        if (text == null) {
            MediaType type = detect(head, name);
            if (isTextual(type)) {
                type = detect(head, null); // a text name on binary content: the content decides
            }
            return new Info(isTextual(type) ? MediaType.OCTET_STREAM.toString() : base(type), null, 0);
        }
        String source = SourceTypes.of(name);
        if (source != null) {
            return new Info(source, text.charset(), text.bomLength());
        }
        // Text whose name says a text type needs no magic (the costly part of detection).
        MediaType byName = detect(null, name);
        if (isTextual(byName)) {
            return new Info(base(byName), text.charset(), text.bomLength());
        }
        if (NAME_WINS.contains(base(byName))) {
            return new Info(base(byName), null, 0);
        }
        MediaType byContent = detect(head, null);
        String type = isTextual(byContent) ? base(byContent) : MediaType.TEXT_PLAIN.toString();
        return new Info(type, text.charset(), text.bomLength());
    }

    private static String base(MediaType type) {
        return type.getBaseType().toString();
    }

    /** Tika's type from the bytes (null: none) and the name (null: none). */
    private MediaType detect(byte[] head, String name) {
        Metadata metadata = new Metadata();
        if (name != null) {
            metadata.set(TikaCoreProperties.RESOURCE_NAME_KEY, name);
        }
        try {
            return Registry.TYPES.detect(head == null ? null : new ByteArrayInputStream(head), metadata);
        } catch (IOException e) {
            return MediaType.OCTET_STREAM; // not reached: the stream is in memory
        }
    }

    private boolean isTextual(MediaType type) {
        MediaType base = type.getBaseType();
        String sub = base.getSubtype();
        return base.getType().equals("text")
                || sub.endsWith("+xml")
                || sub.endsWith("+json")
                || Registry.TYPES.getMediaTypeRegistry().isSpecializationOf(base, MediaType.TEXT_PLAIN)
                || base.equals(MediaType.APPLICATION_XML);
    }

    /** The charset of text content (as an Info with no type), or null when the bytes are not text. */
    static Info textCharset(byte[] head, boolean whole) {
        if (startsWith(head, 0xEF, 0xBB, 0xBF)) {
            return decodes(head, 3, StandardCharsets.UTF_8, whole) ? new Info(null, StandardCharsets.UTF_8, 3) : null;
        }
        if (startsWith(head, 0xFF, 0xFE, 0x00, 0x00)) {
            return null; // UTF-32LE: not a charset served as text here
        }
        if (startsWith(head, 0xFE, 0xFF)) {
            return decodes(head, 2, StandardCharsets.UTF_16BE, whole)
                    ? new Info(null, StandardCharsets.UTF_16BE, 2)
                    : null;
        }
        if (startsWith(head, 0xFF, 0xFE)) {
            return decodes(head, 2, StandardCharsets.UTF_16LE, whole)
                    ? new Info(null, StandardCharsets.UTF_16LE, 2)
                    : null;
        }
        int controls = 0;
        for (byte b : head) {
            if (b == 0) {
                return null;
            }
            if (b > 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x1b && b != '\b') {
                controls++;
            }
        }
        if (controls * 100 > head.length) {
            return null;
        }
        if (decodes(head, 0, StandardCharsets.UTF_8, whole)) {
            return new Info(null, StandardCharsets.UTF_8, 0);
        }
        // Not UTF-8 but text-like: 8-bit text (Latin-1 and its Windows superset), unless it holds
        // a byte that windows-1252 leaves undefined, which text in it never does.
        return decodes(head, 0, WINDOWS_1252, true) ? new Info(null, WINDOWS_1252, 0) : null;
    }

    /** Whether the bytes decode; a character cut off at the end is fine when the file goes on. */
    private static boolean decodes(byte[] bytes, int offset, Charset charset, boolean whole) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
        CharBuffer out = CharBuffer.allocate(512);
        CoderResult result;
        do {
            out.clear(); // only validity matters, not the characters
            result = decoder.decode(in, out, whole);
        } while (result.isOverflow());
        if (result.isError()) {
            return false;
        }
        if (whole) {
            out.clear();
            return !decoder.flush(out).isError() && !in.hasRemaining();
        }
        return in.remaining() < 4; // only an incomplete last character may be left
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        byte[] expected = new byte[prefix.length];
        for (int i = 0; i < prefix.length; i++) {
            expected[i] = (byte) prefix[i];
        }
        return Arrays.equals(bytes, 0, prefix.length, expected, 0, prefix.length);
    }
}
