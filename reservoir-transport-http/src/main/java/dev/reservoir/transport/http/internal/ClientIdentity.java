package dev.reservoir.transport.http.internal;

import dev.reservoir.transport.http.exchange.HttpExchange;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * Who a request comes from, as far as budgets go (sessions, streams and subscriptions per client):
 * the bearer token it presented when the server requires one, otherwise its remote address. An
 * IPv6 address counts by its /64 network, which one host usually has whole. Behind a reverse proxy
 * every client has the proxy's address: give each client a token of its own there.
 */
final class ClientIdentity {

    private ClientIdentity() {}

    /**
     * @param principal the digest of the request's bearer token, or "" when the server has none
     */
    static String of(HttpExchange exchange, String principal) {
        if (!principal.isEmpty()) {
            return "token " + principal;
        }
        return "address " + address(exchange.remoteAddress());
    }

    /** An address literal as a budget counts it: IPv4 whole, IPv6 by its /64 network. */
    static String address(String remote) {
        if (remote == null || remote.indexOf(':') < 0) {
            return String.valueOf(remote); // IPv4, or something that is no IP address
        }
        String literal =
                remote.startsWith("[") && remote.endsWith("]") ? remote.substring(1, remote.length() - 1) : remote;
        int zone = literal.indexOf('%');
        if (zone >= 0) {
            literal = literal.substring(0, zone);
        }
        InetAddress parsed;
        try {
            // A literal (it has a colon): parsed, never looked up.
            parsed = InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            return remote;
        }
        // Java already turns IPv4-mapped IPv6 addresses into Inet4Address.
        if (parsed instanceof Inet6Address v6) {
            byte[] network = Arrays.copyOf(v6.getAddress(), 16);
            Arrays.fill(network, 8, 16, (byte) 0);
            try {
                return InetAddress.getByAddress(network).getHostAddress() + "/64";
            } catch (UnknownHostException e) {
                throw new IllegalStateException("16 bytes are always an IPv6 address", e);
            }
        }
        return parsed.getHostAddress();
    }
}
