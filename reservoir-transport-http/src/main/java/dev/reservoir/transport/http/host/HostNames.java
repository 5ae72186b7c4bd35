package dev.reservoir.transport.http.host;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names and addresses a server is reached by: whether a bind address is loopback or every
 * interface, the addresses this machine has, and so the {@code Host} values a server answers to
 * by default (DNS rebinding protection keeps working on a network bind: a page on a name the
 * attacker controls sends that name, which is not on the list).
 */
public final class HostNames {

    /** Host names a loopback server answers to by default. */
    public static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "[::1]");

    private HostNames() {}

    /** Whether a bind address is a loopback one (then only this machine can connect). */
    public static boolean isLoopback(String host) {
        String h = bare(host).toLowerCase(Locale.ROOT);
        if (h.equals("localhost")) {
            return true;
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Whether a bind address means every interface ({@code 0.0.0.0} or {@code ::}). */
    public static boolean isWildcard(String host) {
        try {
            return InetAddress.getByName(bare(host)).isAnyLocalAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Whether this machine has the address a host name resolves to (or it is a wildcard). */
    public static boolean isLocal(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** The addresses of this machine's interfaces that are up, loopback ones first. */
    public static List<InetAddress> machineAddresses() {
        List<InetAddress> loopback = new ArrayList<>();
        List<InetAddress> other = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    (address.isLoopbackAddress() ? loopback : other).add(address);
                }
            }
        } catch (SocketException e) {
            // No interface list: the loopback names still work.
        }
        loopback.addAll(other);
        return loopback;
    }

    /** How an address is written in a URL or a {@code Host} header: IPv6 in brackets, without a zone. */
    public static String literal(InetAddress address) {
        String text = address.getHostAddress();
        int zone = text.indexOf('%');
        if (zone >= 0) {
            text = text.substring(0, zone);
        }
        return address instanceof Inet6Address ? "[" + text + "]" : text;
    }

    /**
     * The {@code Host} names a server bound to {@code host} answers to by default: the loopback
     * names, and for a network bind the address bound (every interface's for a wildcard) and this
     * machine's host name.
     */
    public static Set<String> defaultAllowed(String host) {
        Set<String> names = new LinkedHashSet<>(LOOPBACK_NAMES);
        if (isLoopback(host)) {
            return names;
        }
        if (isWildcard(host)) {
            machineAddresses().forEach(a -> names.add(literal(a)));
        } else {
            String h = bare(host);
            names.add(h.contains(":") ? "[" + h + "]" : h);
        }
        try {
            InetAddress self = InetAddress.getLocalHost();
            names.add(self.getHostName().toLowerCase(Locale.ROOT));
            names.add(self.getCanonicalHostName().toLowerCase(Locale.ROOT));
        } catch (UnknownHostException e) {
            // A machine without a resolvable name is reached by address.
        }
        return names;
    }

    /** A host without IPv6 brackets. */
    static String bare(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
