package dev.reservoir.console.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntSupplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;

/**
 * Who may talk to the console. Every request must name it by a loopback address and its port
 * ({@code Host}: against DNS rebinding) and, when a browser says where it comes from, come from
 * the console's own page ({@code Origin}; {@code Sec-Fetch-Site} same-origin, which also refuses
 * pages of other local servers, same-site as they are). The API needs the token as well, in an
 * {@code X-Console-Token} header (which no other page can send without a CORS preflight the console
 * never grants), or in the query of the event stream (EventSource cannot send headers). No cookie
 * carries it: browsers would send a cookie to every port of 127.0.0.1. Tokens are compared in
 * constant time. Immutable.
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

    /** Refuses a request from the wrong place (Host, Origin, another site's page); null when it may go on. */
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
            return new Refusal(403, "requests from other pages are refused (Origin: " + origin + ")");
        }
        String site = request.getHeaders().get("Sec-Fetch-Site");
        if (site != null && !site.equalsIgnoreCase("same-origin") && !site.equalsIgnoreCase("none")) {
            return new Refusal(403, "requests from other pages are refused (Sec-Fetch-Site: " + site + ")");
        }
        return null;
    }

    /** Whether an API request carries the token: in its header, or for the event stream in its query. */
    boolean admits(Request request, boolean queryAllowed) {
        if (matches(request.getHeaders().get(TOKEN_HEADER))) {
            return true;
        }
        return queryAllowed && matches(Request.extractQueryParameters(request).getValue("token"));
    }

    private boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8));
    }
}
