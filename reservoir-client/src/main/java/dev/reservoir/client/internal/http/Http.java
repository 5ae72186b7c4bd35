package dev.reservoir.client.internal.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.Locale;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;

/** Small helpers the HTTP client ends share. */
final class Http {

    private Http() {}

    static String contentType(HttpResponse<?> response) {
        String type = response.headers().firstValue("Content-Type").orElse("");
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // closing to abort; nothing to do
            }
        }
    }

    /**
     * Closes an answer's body after reading what is left of it. The JDK's client puts an HTTP/1.1
     * connection back in its pool as soon as a body's last bytes arrive, before the body's stream
     * has seen its end; closing the stream in that moment closes the connection under the next
     * request that took it (which then fails with "header parser received no bytes"). Read to the
     * end, close is a no-op. A server that does not end the body within {@link #DRAIN_MILLIS} (an
     * SSE stream held open) or sends more than {@link #DRAIN_BYTES} has its connection closed: it
     * is not in the pool then.
     */
    static void finish(InputStream in) {
        if (in == null) {
            return;
        }
        withinLimit(in, () -> {
            byte[] buffer = new byte[8192];
            long left = DRAIN_BYTES;
            for (int n; left > 0 && (n = in.read(buffer)) >= 0; ) {
                left -= n;
            }
        });
        closeQuietly(in);
    }

    /** Reading that may block. */
    interface Read {
        void run() throws IOException;
    }

    /**
     * Runs {@code read} on {@code in}, closing {@code in} if it is not done within {@link
     * #DRAIN_MILLIS} (which ends the read). Errors are dropped: the stream is finished either way.
     */
    static void withinLimit(InputStream in, Read read) {
        ScheduledFuture<?> limit = Limits.TIMER.schedule(() -> closeQuietly(in), DRAIN_MILLIS, TimeUnit.MILLISECONDS);
        try {
            read.run();
        } catch (IOException | RuntimeException e) {
            // closed by the limit, or broken: either way the connection is not reused
        } finally {
            limit.cancel(false);
        }
    }

    /** How long an answered body may stay open before the client closes it. */
    static final long DRAIN_MILLIS = 1000;

    /** How much of an answered body the client reads to reach its end, at most. */
    static final long DRAIN_BYTES = 1 << 20;

    /** The timer is made on first use: a client that never speaks HTTP starts no thread. */
    private static final class Limits {
        static final ScheduledThreadPoolExecutor TIMER = timer();

        private static ScheduledThreadPoolExecutor timer() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(
                    1, Thread.ofPlatform().daemon().name("mcp-http-drain").factory());
            timer.setRemoveOnCancelPolicy(true); // cancelled limits leave the queue at once
            return timer;
        }
    }

    static String snippet(String text) {
        if (text == null) {
            return null;
        }
        String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() > 200 ? flat.substring(0, 200) + "..." : flat;
    }

    /**
     * Why a connection failed, in words: the JDK's exceptions often have no message, or one made
     * for developers (a PKIX path of class names).
     */
    static String describe(Throwable t, URI endpoint) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String message = c.getMessage() == null ? "" : c.getMessage();
            if (c instanceof UnresolvedAddressException || c instanceof UnknownHostException) {
                return "unknown host " + endpoint.getHost();
            }
            if (c instanceof HttpConnectTimeoutException) {
                return "connecting timed out";
            }
            if (c instanceof CertPathBuilderException || c instanceof CertPathValidatorException) {
                return "certificate not trusted (self-signed?)";
            }
            if (c instanceof CertificateException && message.contains("subject alternative")) {
                return "the certificate is not for this host (" + message + ")";
            }
            if (c instanceof SSLHandshakeException && message.contains("PKIX")) {
                return "certificate not trusted (self-signed?)";
            }
            if (c instanceof ConnectException && !message.isEmpty()) {
                return message.toLowerCase(Locale.ROOT); // "no route to host", "connection refused"
            }
        }
        if (t instanceof ConnectException) {
            return "connection refused"; // the JDK's HTTP client says it with no message at all
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
