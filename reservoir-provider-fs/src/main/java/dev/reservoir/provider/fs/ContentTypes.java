package dev.reservoir.provider.fs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.apache.tika.mime.MimeTypes;

/**
 * What a file holds: its MIME type and, when it is text, its charset. Both come from the first
 * {@value #SNIFF_BYTES} bytes. The content decides text or binary: text is UTF-16 with a byte
 * order mark, or UTF-8 (ASCII included, with or without a BOM) without NUL bytes and with almost
 * no other control characters; anything else (Latin-1 text too) is served as a blob. The MIME
 * type is Tika's: for text, from the name when it names a text type, else from the content (magic
 * patterns, the costly part, run only then); for binary content, from name and content, and from
 * the content alone when the name says text. Results are
 * cached per path and reused while size and time are unchanged. Thread-safe.
 */
final class ContentTypes {

    static final int SNIFF_BYTES = 8192;
    private static final int CACHE_ENTRIES = 8192;

    /**
     * @param mimeType the MIME type
     * @param charset the text's charset, or null for binary content
     * @param bomLength bytes of byte order mark to skip before decoding
     */
    record Info(String mimeType, Charset charset, int bomLength) {
        boolean isText() {
            return charset != null;
        }
    }

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

    /** What the regular file {@code real} (shown as {@code name}) holds; binary if it cannot be read. */
    Info info(Entry entry) {
        Path real = entry.real();
        FileTime modified = entry.attrs().lastModifiedTime();
        long size = entry.attrs().size();
        lock.lock();
        try {
            Stamp stamp = cache.get(real);
            if (stamp != null && stamp.modified().equals(modified) && stamp.size() == size) {
                return stamp.info();
            }
        } finally {
            lock.unlock();
        }
        Info info = sniff(real, entry.name());
        lock.lock();
        try {
            cache.put(real, new Stamp(modified, size, info));
        } finally {
            lock.unlock();
        }
        return info;
    }

    private Info sniff(Path real, String name) {
        byte[] head;
        boolean whole;
        try (InputStream in = Files.newInputStream(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            head = in.readNBytes(SNIFF_BYTES);
            whole = head.length < SNIFF_BYTES || in.read() < 0;
        } catch (IOException e) {
            return new Info(MediaType.OCTET_STREAM.toString(), null, 0);
        }
        return classify(head, whole, name);
    }

    /** Classifies a file from its first bytes; {@code whole} when they are all of it. */
    Info classify(byte[] head, boolean whole, String name) {
        Info text = textCharset(head, whole);
        MediaType type;
        if (text != null) {
            // Text whose name says a text type needs no magic (the costly part of detection).
            MediaType byName = detect(null, name);
            type = isTextual(byName) ? byName : detect(head, null);
            if (!isTextual(type)) {
                type = MediaType.TEXT_PLAIN;
            }
        } else {
            type = detect(head, name);
            if (isTextual(type)) {
                type = detect(head, null); // a text name on binary content: the content decides
            }
        }
        String mime = type.getBaseType().toString();
        return text == null ? new Info(mime, null, 0) : new Info(mime, text.charset(), text.bomLength());
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
        return decodes(head, 0, StandardCharsets.UTF_8, whole) ? new Info(null, StandardCharsets.UTF_8, 0) : null;
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
