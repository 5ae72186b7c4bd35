package dev.reservoir.transport.http.internal;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * The checks every request passes before the protocol sees it: the {@code Host} header against an
 * allow-list (DNS rebinding; 421), the {@code Origin} header against an allow-list (403), and the
 * bearer token (401). A browser page of the server's own origin (the scheme and the {@code Host}
 * the request was sent to, once that host passed) may always call it; any other origin, another
 * port of localhost included, only when configured. Tokens are kept only as SHA-256 digests and
 * compared in constant time. Immutable and thread-safe.
 */
public final class Guard {

    /** The outcome of the checks: the client's identity (its token digest), or why it was refused. */
    public sealed interface Verdict {
        /** @param principal the digest of the token the client presented, or "" without tokens */
        record Allowed(String principal) implements Verdict {}

        record Refused(int status, String message, String wwwAuthenticate) implements Verdict {}
    }

    private final Set<String> hosts;
    private final Set<String> origins;
    private final Set<String> tokenDigests;
    private final String realm;

    /**
     * @param hosts allowed {@code Host} values, as {@code name} (any port) or {@code name:port};
     *     null allows any host
     * @param origins allowed {@code Origin} values, as {@code scheme://host:port},
     *     {@code scheme://host:*} (any port) or {@code scheme://host} (default port); requests
     *     without an Origin header always pass
     * @param tokenDigests SHA-256 digests (hex) of the accepted bearer tokens; empty means no
     *     authentication
     */
    public Guard(Set<String> hosts, Set<String> origins, Set<String> tokenDigests, String realm) {
        this.hosts = hosts == null ? null : lower(hosts);
        this.origins = lower(origins);
        this.tokenDigests = Set.copyOf(tokenDigests);
        this.realm = realm;
    }

    /** The SHA-256 digest (hex) of a token, as the guard stores it. */
    public static String digest(String token) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    public boolean authenticates() {
        return !tokenDigests.isEmpty();
    }

    /**
     * Checks where a request comes from: its {@code Host} and {@code Origin} headers (each may be
     * null when absent). Returns the refusal, or null when both pass.
     *
     * @param secure whether the request came over TLS (the scheme of the server's own origin)
     */
    public Verdict.Refused checkPlace(String host, String origin, boolean secure) {
        if (hosts != null && host != null && !hostAllowed(host)) {
            return new Verdict.Refused(
                    421, "Misdirected request: this server does not answer to host '" + host + "'", null);
        }
        if (origin != null && !originAllowed(origin) && !ownOrigin(origin, host, secure)) {
            return new Verdict.Refused(403, "Forbidden: origin '" + origin + "' is not allowed", null);
        }
        return null;
    }

    /**
     * Whether an origin is the server's own: the page was loaded from the very scheme, host and
     * port the request is sent to. Only with a Host allow-list: without one, a rebound name would
     * pass as its own origin.
     */
    private boolean ownOrigin(String origin, String host, boolean secure) {
        if (hosts == null || host == null) {
            return false;
        }
        String scheme = secure ? "https" : "http";
        return sameAuthority(origin, scheme + "://" + host.trim(), scheme);
    }

    private static boolean sameAuthority(String origin, String own, String scheme) {
        try {
            URI a = new URI(origin.trim().toLowerCase(Locale.ROOT));
            URI b = new URI(own.toLowerCase(Locale.ROOT));
            int defaultPort = scheme.equals("https") ? 443 : 80;
            return scheme.equals(a.getScheme())
                    && a.getHost() != null
                    && a.getHost().equals(b.getHost())
                    && (a.getPort() < 0 ? defaultPort : a.getPort()) == (b.getPort() < 0 ? defaultPort : b.getPort())
                    && (a.getPath() == null || a.getPath().isEmpty());
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    /** Checks the {@code Authorization} header (null when absent). */
    public Verdict authenticate(String authorization) {
        if (tokenDigests.isEmpty()) {
            return new Verdict.Allowed("");
        }
        String challenge = "Bearer realm=\"" + realm + "\"";
        if (authorization == null
                || authorization.length() < 7
                || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return new Verdict.Refused(401, "Unauthorized: a bearer token is required", challenge);
        }
        String presented = digest(authorization.substring(7).trim());
        byte[] presentedBytes = presented.getBytes(StandardCharsets.US_ASCII);
        boolean match = false;
        for (String accepted : tokenDigests) {
            // Constant time per comparison, and every digest is compared, so timing says nothing.
            match |= MessageDigest.isEqual(presentedBytes, accepted.getBytes(StandardCharsets.US_ASCII));
        }
        if (!match) {
            return new Verdict.Refused(
                    401, "Unauthorized: the bearer token is not valid", challenge + ", error=\"invalid_token\"");
        }
        return new Verdict.Allowed(presented);
    }

    /** Whether an Origin passes (CORS answers echo only these). */
    public boolean originAllowed(String origin) {
        String o = origin.trim().toLowerCase(Locale.ROOT);
        if (origins.contains(o)) {
            return true;
        }
        URI uri;
        try {
            uri = new URI(o);
        } catch (java.net.URISyntaxException e) {
            return false;
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            return false;
        }
        String base = uri.getScheme() + "://" + uri.getHost();
        if (uri.getPort() < 0) {
            return origins.contains(base) || origins.contains(base + ":*");
        }
        return origins.contains(base + ":" + uri.getPort()) || origins.contains(base + ":*");
    }

    private boolean hostAllowed(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (hosts.contains(h)) {
            return true;
        }
        int colon = h.lastIndexOf(':');
        // "[::1]:8080" has its port after the bracket; "[::1]" and "localhost" have none.
        if (colon > 0 && colon > h.lastIndexOf(']')) {
            return hosts.contains(h.substring(0, colon));
        }
        return false;
    }

    private static Set<String> lower(Set<String> values) {
        return values.stream()
                .map(v -> v.trim().toLowerCase(Locale.ROOT))
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }
}
