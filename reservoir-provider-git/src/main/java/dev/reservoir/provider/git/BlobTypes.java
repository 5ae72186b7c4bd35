package dev.reservoir.provider.git;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.apache.tika.mime.MimeTypes;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;

/**
 * What a blob holds, from its name and its first {@value #SNIFF_BYTES} bytes, the way
 * reservoir-provider-fs classifies files (its ContentTypes is package-private, so the rules are
 * repeated here; see SPI-NEEDS.md): text is UTF-8 (with or without a byte order mark) without NUL
 * bytes and with almost no other control characters, anything else is binary; the MIME type is
 * Tika's, from the name when it names a text type, else from the content. A Git LFS pointer file is
 * text and is recognised as one. Blobs never change, so results (with the blob's size) are cached by blob id and name, 16,384 of them.
 * Thread-safe.
 */
final class BlobTypes {

    static final int SNIFF_BYTES = 8192;
    private static final int CACHE_ENTRIES = 16_384;
    private static final byte[] LFS_VERSION =
            "version https://git-lfs.github.com/spec/v1\n".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern LFS_OID = Pattern.compile("(?m)^oid sha256:([0-9a-f]{64})$");
    private static final Pattern LFS_SIZE = Pattern.compile("(?m)^size ([0-9]{1,18})$");

    /**
     * @param mimeType the MIME type
     * @param text whether the content is UTF-8 text
     * @param bomLength bytes of byte order mark to skip before the text
     * @param lfs the LFS object this blob points to, or null when it is not an LFS pointer
     */
    record Info(String mimeType, boolean text, int bomLength, Lfs lfs) {}

    /** The large file an LFS pointer names. */
    record Lfs(String oid, long size) {}

    private record Key(ObjectId blob, String name) {}

    private record Known(Info info, long size) {}

    private static final class Registry {
        static final MimeTypes TYPES = MimeTypes.getDefaultMimeTypes();
    }

    /** Starts loading Tika's registry in the background (it takes a good part of a second). */
    static void preload() {
        Thread.ofPlatform().daemon().name("reservoir-git-tika-load").start(() -> Registry.TYPES.getClass());
    }

    private final Lru<Key, Known> cache = new Lru<>(CACHE_ENTRIES);

    /** What the blob {@code id}, named {@code name}, holds. */
    Info info(ObjectReader reader, ObjectId id, String name) throws IOException {
        return known(reader, id, name).info();
    }

    /** The blob's size in bytes (found while sniffing it, so asking for both costs one object load). */
    long size(ObjectReader reader, ObjectId id, String name) throws IOException {
        return known(reader, id, name).size();
    }

    /** Classifies a blob loaded whole, and remembers it. */
    Info remember(ObjectId id, String name, byte[] content) {
        byte[] head = content.length <= SNIFF_BYTES ? content : java.util.Arrays.copyOf(content, SNIFF_BYTES);
        Known known = new Known(classify(head, content.length <= SNIFF_BYTES, name), content.length);
        cache.put(new Key(id.copy(), name), known);
        return known.info();
    }

    private Known known(ObjectReader reader, ObjectId id, String name) throws IOException {
        return cache.get(new Key(id.copy(), name), key -> {
            ObjectLoader loader = reader.open(id, Constants.OBJ_BLOB);
            byte[] head;
            boolean whole;
            try (InputStream in = loader.openStream()) {
                head = in.readNBytes(SNIFF_BYTES);
                whole = head.length < SNIFF_BYTES || in.read() < 0;
            }
            return new Known(classify(head, whole, name), loader.getSize());
        });
    }

    /** Classifies content from its first bytes ({@code whole} when they are all of it) and its name. */
    static Info classify(byte[] head, boolean whole, String name) {
        int bom = textBom(head, whole);
        if (bom < 0) {
            MediaType type = detect(head, name);
            if (isTextual(type)) {
                type = detect(head, null); // a text name on binary content: the content decides
            }
            return new Info(type.getBaseType().toString(), false, 0, null);
        }
        Lfs lfs = whole ? lfs(head) : null;
        MediaType byName = lfs == null ? detect(null, name) : MediaType.TEXT_PLAIN;
        MediaType type = isTextual(byName) ? byName : detect(head, null);
        if (!isTextual(type)) {
            type = MediaType.TEXT_PLAIN;
        }
        return new Info(type.getBaseType().toString(), true, bom, lfs);
    }

    /** The pointer's object, when the whole content is a Git LFS pointer file. */
    static Lfs lfs(byte[] content) {
        if (content.length > 1024
                || !java.util.Arrays.equals(
                        content, 0, Math.min(content.length, LFS_VERSION.length), LFS_VERSION, 0, LFS_VERSION.length)) {
            return null;
        }
        String text = new String(content, StandardCharsets.US_ASCII);
        Matcher oid = LFS_OID.matcher(text);
        Matcher size = LFS_SIZE.matcher(text);
        return oid.find() && size.find() ? new Lfs("sha256:" + oid.group(1), Long.parseLong(size.group(1))) : null;
    }

    /** The length of the UTF-8 byte order mark (0 or 3) when the bytes are UTF-8 text; -1 when they are not text. */
    static int textBom(byte[] head, boolean whole) {
        int bom = head.length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF
                ? 3
                : 0;
        int controls = 0;
        for (int i = bom; i < head.length; i++) {
            byte b = head[i];
            if (b == 0) {
                return -1;
            }
            if (b > 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x1b && b != '\b') {
                controls++;
            }
        }
        if (controls * 100 > head.length) {
            return -1;
        }
        return Utf8.isValid(head, bom, whole) ? bom : -1;
    }

    private static MediaType detect(byte[] head, String name) {
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

    private static boolean isTextual(MediaType type) {
        MediaType base = type.getBaseType();
        String sub = base.getSubtype();
        return base.getType().equals("text")
                || sub.endsWith("+xml")
                || sub.endsWith("+json")
                || Registry.TYPES.getMediaTypeRegistry().isSpecializationOf(base, MediaType.TEXT_PLAIN)
                || base.equals(MediaType.APPLICATION_XML);
    }
}
