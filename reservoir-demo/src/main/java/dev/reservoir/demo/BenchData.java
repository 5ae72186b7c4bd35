package dev.reservoir.demo;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.IOSupplier;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.TemplateHandler;
import dev.reservoir.server.spi.TemplateRequest;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import dev.reservoir.server.spi.Watch;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The benchmark dataset every benchmark target serves: {@code bench://text/{i}} (1 KiB of text
 * each, made on demand), {@code bench://blob/1MiB} and {@code bench://blob/100MiB} (streamed
 * pseudo-random bytes), and the template {@code bench://touch/{i}}, whose read changes text i and
 * tells its subscribers. The same texts, byte for byte, as the Java SDK peer serves.
 */
public final class BenchData implements ResourceProvider {

    public static final String TEXT_PREFIX = "bench://text/";

    /**
     * The blobs' resources by URI, in URI order (the order they are listed in), made once. Sorted
     * at every listing with a stream and {@code Map.Entry.comparingByKey()}, a fresh server's first
     * listing linked the comparator's lambda and the stream's pipeline: 7% of that listing's
     * thread (async-profiler, six fresh servers over HTTP 2026-07-28).
     */
    private static final SortedMap<String, Resource> BLOBS = blobs();

    /** {@link #BLOBS}' values, for listings. */
    private static final List<Resource> LISTED_BLOBS = List.copyOf(BLOBS.values());

    private static SortedMap<String, Resource> blobs() {
        SortedMap<String, Resource> blobs = new TreeMap<>();
        for (Resource blob :
                List.of(blobResource("bench://blob/1MiB", 1L << 20), blobResource("bench://blob/100MiB", 100L << 20))) {
            blobs.put(blob.uri(), blob);
        }
        return Collections.unmodifiableSortedMap(blobs);
    }

    private final int texts;
    private final AtomicIntegerArray versions;
    /**
     * The texts' resources for listings, each made when first listed and then kept, as the Java SDK
     * peer keeps its own: a listing of ten thousand then does not build and validate them again
     * (0.77x the server's CPU per listing). A read makes its one resource afresh: kept ones, read
     * at random, cost more in cache misses than they save (0.91x the reads at 64 in flight; 0.94x
     * again when the message cap's bound was first to read them, PROFILE.md). A plain array: a
     * {@code Resource} is a record, whose final fields make it safe to hand between threads
     * through a data race (a thread sees null, or the whole record). The atomic array's calls ran
     * in the interpreter during a fresh server's first listing, at a tenth of its time in making
     * the resources.
     */
    private final Resource[] made;

    private final Map<Integer, List<ChangeListener>> watchers = new ConcurrentHashMap<>();

    public BenchData(int texts) {
        this.texts = texts;
        this.versions = new AtomicIntegerArray(texts);
        this.made = new Resource[texts];
    }

    /** Adds the dataset (and the touch template) to a server. */
    public McpServerBuilder configure(McpServerBuilder builder) {
        return builder.provider(this)
                .template(
                        ResourceTemplate.builder("bench://touch/{i}", "touch")
                                .mimeType("text/plain")
                                .build(),
                        new Touch());
    }

    /**
     * The touch template's handler. A class of its own, not a lambda: the launcher's class archive
     * is made by a training that serves a folder, so a lambda here was made at run time, on the main
     * thread before the first answer, at every start of a benchmark's server (its first use of the
     * JDK's class-file writer: see reservoir-bench/PROFILE.md, forty-eighth and forty-ninth passes).
     */
    private final class Touch implements TemplateHandler {

        @Override
        public ReadResult read(TemplateRequest request) {
            int i = index(request.variable("i"));
            touch(i);
            return ReadResult.of(
                    Resource.builder(request.uri().toString(), "touch-" + i)
                            .mimeType("text/plain")
                            .build(),
                    ContentBody.text("touched " + TEXT_PREFIX + i));
        }
    }

    /**
     * Each blob's body, by URI, made once with the dataset. Its opener is a class, not a lambda,
     * as {@link Touch} is: made at every read before, the lambda was made at run time on a fresh
     * server's first blob read, 8-9 ms of the 20-26 before its first byte. Its block is made on
     * the blob's first read and kept: every read made it again before (reservoir-bench/PROFILE.md,
     * fiftieth pass). Made at start instead, the two blocks made a start's first answer 1.03x-1.04x
     * as long.
     */
    private static final Map<String, ContentBody> BLOB_BODIES = blobBodies();

    private static Map<String, ContentBody> blobBodies() {
        Map<String, ContentBody> bodies = new TreeMap<>();
        for (Resource blob : BLOBS.values()) {
            bodies.put(blob.uri(), ContentBody.binaryStream(new BlobOpener(blob.size()), blob.size()));
        }
        return Collections.unmodifiableMap(bodies);
    }

    /** Opens a blob's bytes: its block (the seed is its size) repeated to its size. */
    private static final class BlobOpener implements IOSupplier<InputStream> {
        private final long size;
        /** Made on the first open; a data race at worst makes it twice (the same bytes). */
        private volatile byte[] block;

        BlobOpener(long size) {
            this.size = size;
        }

        @Override
        public InputStream get() {
            byte[] made = block;
            if (made == null) {
                made = PseudoRandomStream.block(size, size);
                block = made;
            }
            return new PseudoRandomStream(made, size);
        }
    }

    /** Position k of every text is 'a' + k % 26 (after the text's own prefix). */
    private static final String FILLER = filler();

    private static String filler() {
        StringBuilder b = new StringBuilder(1024);
        for (int k = 0; k < 1024; k++) {
            b.append((char) ('a' + k % 26));
        }
        return b.toString();
    }

    private static final byte[] FILLER_BYTES = FILLER.getBytes(StandardCharsets.US_ASCII);

    /** The text of resource i at a version: 1,024 ASCII characters, "bench text i vN " then the filler. */
    public static String text(int i, int version) {
        return new String(utf8(i, version), StandardCharsets.ISO_8859_1);
    }

    /**
     * {@link #text}'s UTF-8 bytes, which a read hands the server as they are
     * ({@link ContentBody#utf8Text}): the filler's bytes are copied once and the short prefix
     * written over their start, digit by digit. Joined with {@code +} and cut with
     * {@code substring}, the whole text was copied three times, 6% of a stdio read's server time;
     * as a {@code String}, once more to make it and once more to write it, a third of the garbage
     * a read made. The prefix was then still joined with {@code +}, whose call site a fresh
     * server linked at its first read (the launcher's training reads no dataset): 12% of the
     * samples of a fresh server's first read over HTTP (async-profiler, 8 fresh servers).
     */
    static byte[] utf8(int i, int version) {
        byte[] text = FILLER_BYTES.clone();
        int at = put(text, 0, TEXT_WORD);
        at = putDecimal(text, at, i);
        at = put(text, at, VERSION_WORD);
        at = putDecimal(text, at, version);
        text[at] = ' ';
        return text;
    }

    private static final byte[] TEXT_WORD = "bench text ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VERSION_WORD = " v".getBytes(StandardCharsets.US_ASCII);

    private static int put(byte[] to, int at, byte[] word) {
        System.arraycopy(word, 0, to, at, word.length);
        return at + word.length;
    }

    /** Writes {@code n} in decimal at {@code at} (a minus sign first when negative); returns where it ends. */
    private static int putDecimal(byte[] to, int at, int n) {
        long rest = n;
        if (rest < 0) {
            to[at++] = '-';
            rest = -rest;
        }
        int digits = 1;
        for (long power = 10; power <= rest; power *= 10) {
            digits++;
        }
        for (int k = at + digits - 1; k >= at; k--) {
            to[k] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        return at + digits;
    }

    /** Changes text i and tells its watchers. */
    public void touch(int i) {
        versions.incrementAndGet(i);
        URI uri = URI.create(TEXT_PREFIX + i);
        watchers.getOrDefault(i, List.of()).forEach(w -> w.resourceUpdated(uri));
    }

    /**
     * The text a URI's number names: only its plain decimal form, as listed ({@code 7}; not
     * {@code 07} or {@code +7}, which are other URIs and must not be answered with contents
     * under {@code bench://text/7}). Read digit by digit: every benchmark read passes here, and
     * parsing and then printing the number back to compare would make a string a read.
     */
    private int index(String value) {
        int n = value.length();
        if (n > 0 && n <= 10 && (n == 1 || value.charAt(0) != '0')) {
            long i = 0;
            for (int k = 0; k < n; k++) {
                char c = value.charAt(k);
                if (c < '0' || c > '9') {
                    i = -1;
                    break;
                }
                i = i * 10 + (c - '0');
            }
            if (i >= 0 && i < texts) {
                return (int) i;
            }
        }
        throw new ResourceNotFoundException(TEXT_PREFIX + value);
    }

    /**
     * The names are joined with {@code concat}, not {@code +}: a fresh server's first listing makes
     * ten thousand of these in the interpreter, where each {@code +} runs the method-handle chain of
     * Java's string concatenation (a quarter of that listing's time in making the resources).
     */
    private static Resource textResource(int i) {
        String number = Integer.toString(i);
        return Resource.builder(TEXT_PREFIX.concat(number), "text-".concat(number))
                .mimeType("text/plain")
                .size(1024L)
                .isCollection(false)
                .build();
    }

    private Resource listedTextResource(int i) {
        Resource resource = made[i];
        if (resource == null) {
            // Two threads may both make it: the same immutable value, either kept.
            resource = textResource(i);
            made[i] = resource;
        }
        return resource;
    }

    private static Resource blobResource(String uri, long size) {
        return Resource.builder(uri, uri.substring("bench://blob/".length()))
                .mimeType("application/octet-stream")
                .size(size)
                .isCollection(false)
                .build();
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        if (request.parent() != null) {
            throw new ResourceNotFoundException(request.parent().toString());
        }
        // The texts, then the blobs: positions 0 to texts + 1, the cursor the next one.
        int from = request.cursor() == null ? 0 : Integer.parseInt(request.cursor());
        int end = texts + LISTED_BLOBS.size();
        List<Resource> items = new ArrayList<>(Math.max(0, Math.min(request.limit(), end - from)));
        int i = from;
        for (; i < end && items.size() < request.limit(); i++) {
            items.add(i < texts ? listedTextResource(i) : LISTED_BLOBS.get(i - texts));
        }
        return i < end ? Page.of(items, Integer.toString(i)) : Page.last(items);
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        return resource(request.uri().toString()).map(Metadata::of);
    }

    private Optional<Resource> resource(String s) {
        if (BLOBS.containsKey(s)) {
            return Optional.of(BLOBS.get(s));
        }
        if (s.startsWith(TEXT_PREFIX)) {
            try {
                return Optional.of(textResource(index(s.substring(TEXT_PREFIX.length()))));
            } catch (ResourceNotFoundException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The texts are made in memory (the blobs stream). */
    @Override
    public boolean readsFromMemory(String uri) {
        return uri.startsWith(TEXT_PREFIX);
    }

    @Override
    public ReadResult read(ReadRequest request) {
        String s = request.uriText();
        if (s.startsWith(TEXT_PREFIX)) {
            int i = index(s.substring(TEXT_PREFIX.length()));
            return ReadResult.of(textResource(i), ContentBody.utf8Text(utf8(i, versions.get(i))));
        }
        Resource blob = BLOBS.get(s);
        if (blob == null) {
            throw new ResourceNotFoundException(s);
        }
        return ReadResult.of(blob, BLOB_BODIES.get(s));
    }

    @Override
    public UriSpace space() {
        return UriSpace.of(UriPrefix.scheme("bench"));
    }

    @Override
    public Watch watch(URI uri, ChangeListener listener) {
        String s = uri.toString();
        if (!s.startsWith(TEXT_PREFIX)) {
            return Watch.NONE;
        }
        int i;
        try {
            i = index(s.substring(TEXT_PREFIX.length()));
        } catch (ResourceNotFoundException e) {
            return Watch.NONE;
        }
        watchers.computeIfAbsent(i, k -> new CopyOnWriteArrayList<>()).add(listener);
        return () -> watchers.getOrDefault(i, List.of()).remove(listener);
    }
}
