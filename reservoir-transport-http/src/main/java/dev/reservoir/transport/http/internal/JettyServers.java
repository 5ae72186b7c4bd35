package dev.reservoir.transport.http.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.channels.ServerSocketChannel;
import java.time.ZoneId;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpGenerator;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Configures the embedded Jetty: a selector thread per core, virtual threads for what may block, one connector (HTTPS when a
 * keystore is given), request heads up to the configured size, a cap on open connections,
 * the {@link HeaderDeadline}, and JSON-RPC bodies for the errors Jetty answers itself.
 */
public final class JettyServers {

    /** How long idle connections may stay once the connection cap is reached (instead of the usual idle timeout). */
    private static final long IDLE_AT_CAPACITY_MILLIS = 5_000;

    private JettyServers() {}

    /** A server, not started, with its one connector. */
    public static Server create(HttpSettings settings, HeaderDeadline deadline) {
        cacheLineHint();
        QueuedThreadPool pool = new Pool();
        pool.setName("reservoir-http");
        // Numbered with our own counter: a thread builder's own ("name(prefix, start)") counts with a
        // VarHandle, whose first use makes six classes at run time, on the way to the first answer
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        AtomicLong numbers = new AtomicLong();
        pool.setVirtualThreadsExecutor(Executors.newThreadPerTaskExecutor(task ->
                Thread.ofVirtual().name("http-" + numbers.getAndIncrement()).unstarted(task)));
        Server jetty = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendXPoweredBy(false);
        config.setRequestHeaderSize(settings.limits().maxRequestHeaderBytes());
        // No per-connection header cache: Jetty gives every connection that serves a second request
        // one of about 100 KB (a trie sized for 1,024 bytes of fields), which made an idle
        // 2025-11-25 session cost 180 KiB and 10,000 of them 1.4 GB of heap. Without it, reads over
        // HTTP at 16 in flight ran the same (0.99x, ±8%; the same CPU per read): see PROFILE.md.
        config.setHeaderCacheSize(0);
        HttpConnectionFactory http = new HttpConnectionFactory(config);
        ServerConnector connector;
        if (settings.keystore() != null) {
            SslContextFactory.Server tls = new SslContextFactory.Server();
            tls.setKeyStorePath(settings.keystore().toString());
            tls.setKeyStorePassword(new String(settings.keystorePassword()));
            tls.setKeyStoreType(settings.keystoreType());
            SecureRequestCustomizer secure = new SecureRequestCustomizer();
            // Clients reach a local server by "localhost" or an address the certificate may not name.
            secure.setSniHostCheck(false);
            config.addCustomizer(secure);
            connector =
                    new ServerConnector(jetty, 1, selectors(), new SslConnectionFactory(tls, http.getProtocol()), http);
        } else {
            connector = new ServerConnector(jetty, 1, selectors(), http);
        }
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setAcceptQueueSize(ACCEPT_QUEUE);
        connector.setIdleTimeout(settings.limits().connectionIdleTimeout().toMillis());
        connector.addEventListener(deadline);
        jetty.addConnector(connector);
        NetworkConnectionLimit cap =
                new NetworkConnectionLimit(settings.limits().maxConnections(), connector);
        cap.setEndPointIdleTimeout(IDLE_AT_CAPACITY_MILLIS);
        jetty.addBean(cap);
        jetty.setErrorHandler(new JsonErrorHandler());
        return jetty;
    }

    /**
     * Connections the kernel holds for the acceptor (the listen backlog): as many as the kernel
     * allows, as Go's and Netty's servers ask for. Linux cuts a larger backlog to {@code
     * net.core.somaxconn} (4,096 by default since 5.4, 128 before), other systems to their own
     * maximum. Jetty's default, 0, leaves the JDK's 50: when many clients connect at once, as SSE
     * clients reconnecting after a restart or a network blip do, the kernel drops the connections
     * beyond it, and each client retries a second, then three, then seven later. Opening 10,000
     * subscribers each of three servers at once on a 2-core machine overflowed 50, and
     * subscribers whose connect waited 5 s failed; 1,024 still filled on a busy machine (a replica
     * opening 10,000 listen streams next to three others: PROFILE.md, fortieth pass).
     */
    static final int ACCEPT_QUEUE = 65_535;

    /**
     * How many selector threads: one per core, from 2 to 8. Each reads its connections' requests
     * and serves those answered at once itself (a read from memory: see JettyExchange), so they
     * are workers, not only the wake-up of other threads: on a 2-core machine, Jetty serving a
     * fixed answer that way served 1.3x the requests with two as with one (issue 19's
     * JettyConfigs). What may block runs on virtual threads, which are not counted here.
     */
    static int selectors() {
        return Math.clamp(Runtime.getRuntime().availableProcessors(), 2, 8);
    }

    /**
     * Jetty's thread pool, which runs on the calling thread a connection's next turn when a virtual
     * thread of ours asks for it. An answer finished on a virtual thread (a read that may block)
     * completes Jetty's exchange there, and Jetty then hands the connection to a pool thread to
     * look for the next request (HTTP/1.1's {@code HttpConnection.run}, Jetty 12.1): a thread
     * woken for one non-blocking read of the socket, which finds nothing yet and gives the
     * connection back to its selector. Run on the virtual thread instead, the same read costs no
     * hand-off. It is safe there: the connection's turn blocks nowhere, and a request it finds
     * already sent (a client pipelining) is served as on Jetty's own I/O thread (JettyExchange
     * records the thread; it serves there only what is answered at once, and continues anything
     * else on a virtual thread of its own). Reads of 1 KiB files over HTTP at 16 in flight: 1.28x
     * the reads a second, server CPU per read 232 -> 163 us (reservoir-bench/PROFILE.md).
     */
    private static final class Pool extends QueuedThreadPool {

        Pool() {
            super(16, 2);
        }

        @Override
        public void execute(Runnable job) {
            if (job instanceof HttpConnection && Thread.currentThread().isVirtual()) {
                job.run();
                return;
            }
            super.execute(job);
        }
    }

    /**
     * The one-time work of a first server's start that no setting changes (see {@link
     * dev.reservoir.transport.http.HttpTransport#prepare}), in the order the start meets it. Each
     * step is a plain use of a class, so that the class's own initialisation does the work, once per
     * JVM: a thread that needs the class meanwhile waits for it rather than doing it again. Measured
     * from {@code reservoir serve --http}'s warm-up thread (reservoir-bench/PROFILE.md, forty-ninth
     * pass): without it, the main thread did 25-30 ms of this between reading the command line and
     * opening the port.
     */
    public static void prepare() {
        cacheLineHint(); // before Jetty's MemoryUtils reads it
        InetAddress.getLoopbackAddress(); // the JDK's security properties, which InetAddress reads
        VirtualThreads.areSupported(); // Jetty looks up the JDK's virtual-thread API by reflection
        new HttpConfiguration(); // HTTP methods, versions, compliance modes, cookie rules
        // The MIME types (their class lists the JDK's locales) and the pre-encoded header fields
        // (their class looks up encoders with a ServiceLoader).
        MimeTypes.DEFAULTS.getMimeByExtension("a.json");
        HttpFields.build().add(new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, Http.JSON));
        ZoneId.systemDefault(); // Jetty's start notes the time: the JDK's time-zone rules
        try (ServerSocketChannel channel = ServerSocketChannel.open()) {
            channel.supportedOptions(); // NIO's socket statics, with the platform's extended options
        } catch (IOException e) {
            // Only a warm-up: the server's own bind reports what is wrong.
        }
        HttpParser.CACHE.size();
        HttpGenerator.getReasonBuffer(200);
        // The JDK's virtual-thread scheduler (a ForkJoinPool and its carrier threads), on which the
        // first request runs.
        try {
            Thread.ofVirtual().start(() -> {}).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Jetty's system property for how many object references fit in a CPU cache line. */
    static final String REFERENCES_PER_CACHE_LINE = "org.eclipse.jetty.util.referencesPerCacheLine";

    /**
     * Tells Jetty how many references fit in a cache line (the padding of its contended arrays),
     * unless the user already did. Without it, Jetty works the figure out by starting the JVM's
     * platform MBean server to ask whether object pointers are compressed: about a hundred
     * milliseconds of a cold start, more than all the rest of Jetty's. Pointers are compressed
     * unless the heap may exceed 32 GiB (or the JVM is told otherwise, which only makes the
     * padding less exact): 64-byte lines hold 16 compressed references, else 8.
     */
    static void cacheLineHint() {
        if (System.getProperty(REFERENCES_PER_CACHE_LINE) == null) {
            boolean compressed = Runtime.getRuntime().maxMemory() < (32L << 30);
            System.setProperty(REFERENCES_PER_CACHE_LINE, compressed ? "16" : "8");
        }
    }
}
