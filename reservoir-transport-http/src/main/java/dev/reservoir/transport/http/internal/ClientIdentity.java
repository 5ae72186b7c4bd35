package dev.reservoir.transport.http.internal;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.eclipse.jetty.server.Request;

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
    static String of(Request request, String principal) {
        if (!principal.isEmpty()) {
            return "token " + principal;
        }
        return "address " + address(request.getConnectionMetaData().getRemoteSocketAddress());
    }

    static String address(SocketAddress remote) {
        if (!(remote instanceof InetSocketAddress inet) || inet.getAddress() == null) {
            return String.valueOf(remote);
        }
        // Java already turns IPv4-mapped IPv6 addresses into Inet4Address.
        if (inet.getAddress() instanceof Inet6Address v6) {
            byte[] network = Arrays.copyOf(v6.getAddress(), 16);
            Arrays.fill(network, 8, 16, (byte) 0);
            try {
                return InetAddress.getByAddress(network).getHostAddress() + "/64";
            } catch (UnknownHostException e) {
                throw new IllegalStateException("16 bytes are always an IPv6 address", e);
            }
        }
        return inet.getAddress().getHostAddress();
    }
}
