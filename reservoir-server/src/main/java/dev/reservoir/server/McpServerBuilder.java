package dev.reservoir.server;

import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.bus.NotificationBus;
import dev.reservoir.server.internal.Features;
import dev.reservoir.server.internal.ServerImpl;
import dev.reservoir.server.internal.ServerSettings;
import dev.reservoir.server.internal.TemplateRegistration;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ArgumentCompleter;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.RequestObserver;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.SkillCatalog;
import dev.reservoir.server.spi.TemplateHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** Builds an {@link McpServer}. Not thread-safe; {@link #build()} may be called once. */
public final class McpServerBuilder {

    private Implementation serverInfo = Implementation.of("reservoir", "0.1.0");
    private String instructions;
    private final InMemoryProvider statics = InMemoryProvider.create();
    private final List<TemplateRegistration> templates = new ArrayList<>();
    private final List<ResourceProvider> providers = new ArrayList<>();
    /** Null: 100 for the lists read a page at a time, and resources/list pages as large as the budget allows. */
    private Integer pageSize;

    private Duration requestTimeout = Duration.ofSeconds(30);
    private int maxConcurrentRequests = 64;
    private int maxSubscriptions = 10_000;
    private int maxListens = 16;
    private int maxSubscriptionsPerClient = 20_000;
    private int maxSubscriptionsTotal = 200_000;
    private CacheHint cacheHint = CacheHint.NONE;
    private CacheHint discoverCacheHint =
            CacheHint.of(Duration.ofMinutes(5), dev.reservoir.core.model.CacheScope.PUBLIC);
    private byte[] cursorKey;
    private Set<ProtocolRevision> revisions = EnumSet.allOf(ProtocolRevision.class);
    private ReadOptions readOptions = ReadOptions.DEFAULT;
    private long maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
    private int maxBatchLength = 1000;
    private int maxOpenStreams = -1;
    private boolean toolsBridge;
    private SkillCatalog skills;
    private boolean directoryRead;
    private RequestObserver observer;
    private NotificationBus bus;
    private String replicaId;
    private boolean built;

    /**
     * The default largest message over stdio: 8 MiB. The TypeScript SDK (1.x and 2.x), which most
     * desktop hosts use, drops a message over 10 MiB (with the 64 KiB read that follows it) and
     * closes the connection; the Java SDK refuses a string over 20,000,000 characters.
     */
    public static final long DEFAULT_MAX_MESSAGE_BYTES = 8L << 20;

    /** The most resources a resources/list page holds when no page size is set (bytes bound it first). */
    public static final int DEFAULT_LIST_PAGE_SIZE = 50_000;

    private static final int DEFAULT_PAGE_SIZE = 100;

    McpServerBuilder() {}

    /** The name and version the server reports. */
    public McpServerBuilder serverInfo(String name, String version) {
        this.serverInfo = Implementation.of(name, version);
        return this;
    }

    public McpServerBuilder serverInfo(Implementation info) {
        this.serverInfo = Objects.requireNonNull(info, "info");
        return this;
    }

    /** Guidance for models about this server, sent in initialize and server/discover results. */
    public McpServerBuilder instructions(String text) {
        this.instructions = text;
        return this;
    }

    /** Adds a static resource with fixed content. */
    public McpServerBuilder resource(Resource resource, ContentBody body) {
        if (statics.contains(resource.uri())) {
            throw new IllegalArgumentException("resource '" + resource.uri() + "' registered twice");
        }
        statics.put(resource, body);
        return this;
    }

    /** Adds a static text resource. */
    public McpServerBuilder resource(Resource resource, String text) {
        return resource(resource, ContentBody.text(text));
    }

    /** Adds a template whose URIs the handler reads. */
    public McpServerBuilder template(ResourceTemplate template, TemplateHandler handler) {
        return template(template, handler, null);
    }

    /** Adds a template whose URIs the handler reads, with completion of its variables. */
    public McpServerBuilder template(ResourceTemplate template, TemplateHandler handler, ArgumentCompleter completer) {
        templates.add(new TemplateRegistration(template, handler, completer, false));
        return this;
    }

    /**
     * Adds a template whose decoded variables are not checked for {@code .} and {@code ..} segments,
     * control characters, bidirectional overrides and encoded slashes. Only for handlers that never
     * turn variables into paths or names.
     */
    public McpServerBuilder templateAllowingUnsafeValues(
            ResourceTemplate template, TemplateHandler handler, ArgumentCompleter completer) {
        templates.add(new TemplateRegistration(template, handler, completer, true));
        return this;
    }

    /**
     * Adds a provider; {@code resources/list} lists providers in the order they were added, and
     * {@link #build()} refuses two whose declared URI spaces overlap.
     */
    public McpServerBuilder provider(ResourceProvider provider) {
        providers.add(Objects.requireNonNull(provider, "provider"));
        return this;
    }

    /**
     * Items per page of resources/list, resources/templates/list and the tools' resource pages (1
     * to 10,000); every page but the last then holds that many. Default: 100 for templates and
     * tools; resources/list pages as many resources as fit in about an eighth of
     * {@link #maxMessageBytes} (at most 1 MiB, and {@value #DEFAULT_LIST_PAGE_SIZE} resources), so
     * a client lists ten thousand in one or two requests and every page stays well under what a
     * client reads whole.
     */
    public McpServerBuilder pageSize(int size) {
        if (size < 1 || size > 10_000) {
            throw new IllegalArgumentException("page size must be between 1 and 10000, not " + size);
        }
        this.pageSize = size;
        return this;
    }

    /** How long a handler or provider may take before the request fails (default 30 s). */
    public McpServerBuilder requestTimeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("request timeout must be positive, not " + timeout);
        }
        this.requestTimeout = timeout;
        return this;
    }

    /** Requests one connection may have in flight before the server stops reading it (default 64). */
    public McpServerBuilder maxConcurrentRequests(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max concurrent requests must be at least 1, not " + max);
        }
        this.maxConcurrentRequests = max;
        return this;
    }

    /** Resource subscriptions one connection or listen stream may hold (default 10,000). */
    public McpServerBuilder maxSubscriptions(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max subscriptions must be at least 1, not " + max);
        }
        this.maxSubscriptions = max;
        return this;
    }

    /** Concurrent subscriptions/listen streams per connection (default 16). */
    public McpServerBuilder maxListenStreams(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max listen streams must be at least 1, not " + max);
        }
        this.maxListens = max;
        return this;
    }

    /**
     * Resource subscriptions one client may hold over all its connections, and all clients
     * together (defaults 20,000 and 200,000). A subscription to a URI of up to 128 characters
     * counts once, a longer one once per started 128 characters. Transports name a connection's
     * client (a bearer token's identity, or a remote address); beyond either budget a subscribe
     * or listen request fails with code -31002.
     */
    public McpServerBuilder subscriptionBudget(int perClient, int total) {
        if (perClient < 1 || total < perClient) {
            throw new IllegalArgumentException("subscription budgets must be at least 1, and the total at least the"
                    + " per-client one, not " + perClient + " per client and " + total + " in all");
        }
        this.maxSubscriptionsPerClient = perClient;
        this.maxSubscriptionsTotal = total;
        return this;
    }

    /** The cache hint (2026-07-28 ttlMs and cacheScope) of results whose provider gives none. */
    public McpServerBuilder cacheHint(CacheHint hint) {
        this.cacheHint = Objects.requireNonNull(hint, "hint");
        return this;
    }

    /**
     * The key that signs pagination cursors (at least 32 bytes). Give the same key to every
     * instance behind a load balancer; by default each server makes a random one.
     */
    public McpServerBuilder cursorKey(byte[] key) {
        if (key.length < 32) {
            throw new IllegalArgumentException("cursor key must be at least 32 bytes, not " + key.length);
        }
        this.cursorKey = key.clone();
        return this;
    }

    /**
     * The bus that carries resource changes between the replicas of one service (default: {@link
     * NotificationBus#inProcess()}, this process only). The server starts it and closes it.
     */
    public McpServerBuilder bus(NotificationBus bus) {
        this.bus = Objects.requireNonNull(bus, "bus");
        return this;
    }

    /** This replica's name in health reports (default: the host name and process id). */
    public McpServerBuilder replicaId(String id) {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("a replica id must not be empty");
        }
        this.replicaId = id;
        return this;
    }

    /** The host name and process id, such as {@code web-1-4242}: unique among replicas on any host. */
    public static String defaultReplicaId() {
        return hostName() + "-" + ProcessHandle.current().pid();
    }

    /**
     * This host's name, read where the system keeps it when it can be: {@code InetAddress.getLocalHost()}
     * also resolves the name to an address, a DNS lookup that costs every start 5-10 ms and, on a
     * machine whose name does not resolve (a laptop off its network), seconds.
     */
    private static String hostName() {
        try {
            // Linux (and containers): the kernel's own copy, what gethostname() returns.
            String name = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/hostname"))
                    .strip();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (java.io.IOException | RuntimeException e) {
            // Not Linux: ask the JDK below.
        }
        String windows = System.getenv("COMPUTERNAME");
        if (windows != null && !windows.isBlank()) {
            return windows.strip();
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "localhost";
        }
    }

    /** The protocol revisions to speak (default: all). */
    public McpServerBuilder revisions(Set<ProtocolRevision> set) {
        if (set.isEmpty()) {
            throw new IllegalArgumentException("a server must speak at least one protocol revision");
        }
        this.revisions = EnumSet.copyOf(set);
        return this;
    }

    /** Limits for reads (collection size, largest content). */
    public McpServerBuilder readOptions(ReadOptions options) {
        this.readOptions = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * The largest message the server sends where the client reads each message whole and caps its
     * size, as over stdio (default {@link #DEFAULT_MAX_MESSAGE_BYTES}). A read whose answer would
     * be larger gets error -31000 with its size, this limit and how to raise it, and the connection
     * stays usable. HTTP answers stream and are not limited by this.
     */
    public McpServerBuilder maxMessageBytes(long bytes) {
        if (bytes < 4096) {
            throw new IllegalArgumentException("max message size must be at least 4096 bytes, not " + bytes);
        }
        this.maxMessageBytes = bytes;
        return this;
    }

    /** The most messages one JSON-RPC batch may hold (protocol 2025-03-26; default 1,000); a longer one gets -32600. */
    public McpServerBuilder maxBatchLength(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max batch length must be at least 1, not " + max);
        }
        this.maxBatchLength = max;
        return this;
    }

    /**
     * The most content streams (open files, for a folder) the server has open at once, over all
     * connections; a read that finds none free waits up to the request timeout, then gets an error.
     * Default: a quarter of the process's file descriptor limit, between 16 and 1,024.
     */
    public McpServerBuilder maxOpenContentStreams(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max open content streams must be at least 1, not " + max);
        }
        this.maxOpenStreams = max;
        return this;
    }

    /**
     * Also serves the resources as three tools (list_resources, read_resource, search_resources)
     * for hosts that use tools only. Off by default: without it the server has no tools capability.
     */
    public McpServerBuilder toolsBridge(boolean on) {
        this.toolsBridge = on;
        return this;
    }

    /** Tells an observer about every request (tracing, metrics); one per server, none by default. */
    public McpServerBuilder observer(RequestObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer");
        return this;
    }

    /**
     * Serves these skills as the Skills extension (SEP-2640) defines (skills/list, skills/get); their
     * files must be resources of a provider of this server. With {@code directoryRead}, also
     * resources/directory/read for every collection.
     */
    public McpServerBuilder skills(SkillCatalog catalog, boolean directoryRead) {
        this.skills = java.util.Objects.requireNonNull(catalog, "catalog");
        this.directoryRead = directoryRead;
        return this;
    }

    /**
     * Builds the server and starts its providers. Throws IllegalArgumentException when two
     * providers declare overlapping URIs or a template is registered twice, and
     * IllegalStateException when a provider cannot start (the providers are closed then); each
     * message names the provider and the fix.
     */
    public McpServer build() {
        if (built) {
            throw new IllegalStateException("build() may be called once per builder");
        }
        built = true;
        ServerSettings settings = new ServerSettings(
                serverInfo,
                instructions,
                pageSize != null ? pageSize : DEFAULT_PAGE_SIZE,
                pageSize != null ? pageSize : DEFAULT_LIST_PAGE_SIZE,
                pageSize != null ? Long.MAX_VALUE : listPageBytes(maxMessageBytes),
                requestTimeout,
                maxConcurrentRequests,
                maxSubscriptions,
                maxListens,
                maxSubscriptionsPerClient,
                maxSubscriptionsTotal,
                cacheHint,
                discoverCacheHint,
                cursorKey,
                revisions,
                readOptions,
                maxMessageBytes,
                maxBatchLength,
                maxOpenStreams,
                observer,
                bus != null ? bus : NotificationBus.inProcess(),
                replicaId != null ? replicaId : defaultReplicaId());
        ServerImpl engine = new ServerImpl(
                settings, statics, providers, templates, new Features(toolsBridge, skills, directoryRead));
        return new BuiltServer(engine, settings.replicaId());
    }

    /**
     * About how many bytes of resources a default resources/list page holds: an eighth of the
     * largest message, so that even names written at six bytes a character (escapes) keep the page
     * under it, and at most 1 MiB, which any HTTP client takes as one answer.
     */
    private static long listPageBytes(long maxMessageBytes) {
        return Math.max(1, Math.min(1L << 20, maxMessageBytes / 8));
    }
}
