package dev.reservoir.core.uri;

/** Recognizes the host forms of RFC 3986 section 3.2.2 that are not reg-names; stateless. */
final class IpLiteral {

    private IpLiteral() {}

    /**
     * Whether {@code s} is an RFC 3986 IPv6address. The grammar's nine alternatives come down to: at most
     * one "::", 1-4 hex digit groups, an optional IPv4 address as the last group (worth two), and exactly
     * eight groups without "::" or at most seven with it (the "::" stands for at least one).
     */
    static boolean isIpv6(String s) {
        int gap = s.indexOf("::");
        if (gap < 0) {
            return groups(s, true) == 8;
        }
        if (s.indexOf("::", gap + 1) >= 0) {
            return false;
        }
        String left = s.substring(0, gap);
        String right = s.substring(gap + 2);
        int leftGroups = left.isEmpty() ? 0 : groups(left, false);
        int rightGroups = right.isEmpty() ? 0 : groups(right, true);
        return leftGroups >= 0 && rightGroups >= 0 && leftGroups + rightGroups <= 7;
    }

    /** Counts the 16-bit groups of a colon-separated run, or returns -1 if any group is malformed. */
    private static int groups(String run, boolean ipv4TailAllowed) {
        String[] pieces = run.split(":", -1);
        int count = 0;
        for (int i = 0; i < pieces.length; i++) {
            String piece = pieces[i];
            if (ipv4TailAllowed && i == pieces.length - 1 && piece.indexOf('.') >= 0) {
                if (!isIpv4(piece)) {
                    return -1;
                }
                count += 2;
            } else if (isH16(piece)) {
                count++;
            } else {
                return -1;
            }
        }
        return count;
    }

    private static boolean isH16(String piece) {
        if (piece.isEmpty() || piece.length() > 4) {
            return false;
        }
        for (int i = 0; i < piece.length(); i++) {
            if (!UriChars.isHexDigit(piece.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code s} is a dotted-decimal IPv4address: four dec-octets 0-255 without leading zeros. */
    static boolean isIpv4(String s) {
        String[] octets = s.split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String octet : octets) {
            if (octet.isEmpty() || octet.length() > 3 || (octet.length() > 1 && octet.charAt(0) == '0')) {
                return false;
            }
            for (int i = 0; i < octet.length(); i++) {
                if (!UriChars.isDigit(octet.charAt(i))) {
                    return false;
                }
            }
            if (Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code s} is an IPvFuture: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ). */
    static boolean isIpvFuture(String s) {
        if (s.length() < 4 || (s.charAt(0) != 'v' && s.charAt(0) != 'V')) {
            return false;
        }
        int i = 1;
        while (i < s.length() && UriChars.isHexDigit(s.charAt(i))) {
            i++;
        }
        if (i == 1 || i >= s.length() - 1 || s.charAt(i) != '.') {
            return false;
        }
        for (i++; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!UriChars.isUnreserved(c) && !UriChars.isSubDelim(c) && c != ':') {
                return false;
            }
        }
        return true;
    }
}
