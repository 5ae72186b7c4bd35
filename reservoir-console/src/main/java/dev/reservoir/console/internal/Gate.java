package dev.reservoir.console.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntSupplier;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

/**
 * Who may talk to the console: requests that name it by a loopback address ({@code Host}, against
 * DNS rebinding), that come from its own page when a browser says where they come from
 * ({@code Origin}, {@code Sec-Fetch-Site}), and that carry its token: in the URL it printed (once;
 * the page then holds it in a same-site, HTTP-only cookie named after the port) or in an
 * {@code X-Console-Token} header. Tokens are compared in constant time. Immutable.
 */
final class Gate {

    static final String TOKEN_HEADER = "X-Console-Token";

    /** Why a request is refused. */
    record Refusal(int status, String message) {}

    private final byte[] token;
    private final IntSupplier port;

    /** @param port the port listened on (known once the server started) */
    Gate(String token, IntSupplier port) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.port = port;
    }

    /** The cookie's name: one per port, as browsers share cookies between a host's ports. */
    String cookieName() {
        return "reservoir-console-" + port.getAsInt();
    }

    /** Refuses a request from the wrong place (Host, Origin, a cross-site fetch); null when it may go on. */
    Refusal checkPlace(Request request) {
        String host = request.getHeaders().get(HttpHeader.HOST);
        int p = port.getAsInt();
        if (host == null
                || !Set.of("127.0.0.1:" + p, "localhost:" + p, "[::1]:" + p).contains(host.toLowerCase(Locale.ROOT))) {
            return new Refusal(421, "this console answers only to 127.0.0.1, localhost or [::1] on its own port");
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null
                && !Set.of("http://127.0.0.1:" + p, "http://localhost:" + p, "http://[::1]:" + p)
                        .contains(origin.toLowerCase(Locale.ROOT))) {
            return new Refusal(403, "requests from other sites are refused (Origin: " + origin + ")");
        }
        String site = request.getHeaders().get("Sec-Fetch-Site");
        if (site != null && site.equalsIgnoreCase("cross-site")) {
            return new Refusal(403, "requests from other sites are refused");
        }
        return null;
    }

    /** Whether the request carries the token in its cookie or header. */
    boolean admits(Request request) {
        if (matches(request.getHeaders().get(TOKEN_HEADER))) {
            return true;
        }
        for (HttpCookie c : Request.getCookies(request)) {
            if (c.getName().equals(cookieName()) && matches(c.getValue())) {
                return true;
            }
        }
        return false;
    }

    /** Whether the URL carries the token ({@code ?token=...}, the address the console printed). */
    boolean tokenInQuery(Request request) {
        Fields query = Request.extractQueryParameters(request);
        return matches(query.getValue("token"));
    }

    /** The cookie that lets the page in from now on: this port's, same-site only, not readable by scripts. */
    HttpCookie sessionCookie() {
        return HttpCookie.build(cookieName(), new String(token, StandardCharsets.UTF_8))
                .path("/")
                .httpOnly(true)
                .sameSite(HttpCookie.SameSite.STRICT)
                .build();
    }

    private boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8));
    }
}
