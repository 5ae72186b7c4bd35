package dev.reservoir.client.internal.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Header values as the 2026-07-28 Streamable HTTP page wants them. */
final class HeaderValues {

    private HeaderValues() {}

    /**
     * A value for {@code Mcp-Name} or {@code Mcp-Param-*}: as is when it is plain visible ASCII
     * without leading or trailing whitespace, else {@code =?base64?...?=} of its UTF-8 (also when
     * the plain value looks like that sentinel).
     */
    static String encode(String value) {
        boolean plain = !value.isEmpty()
                && value.charAt(0) != ' '
                && value.charAt(0) != '\t'
                && value.charAt(value.length() - 1) != ' '
                && value.charAt(value.length() - 1) != '\t'
                && !(value.startsWith("=?base64?") && value.endsWith("?="));
        for (int i = 0; plain && i < value.length(); i++) {
            char c = value.charAt(i);
            plain = (c >= 0x20 && c <= 0x7e) || c == '\t';
        }
        return plain
                ? value
                : "=?base64?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }
}
