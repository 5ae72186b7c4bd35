package dev.reservoir.provider.git;

import dev.reservoir.core.McpException;
import java.util.LinkedHashMap;
import java.util.Map;

/** The query of a URI ({@code path} and {@code limit}); each name at most once, else an invalid-params error. */
record Query(Map<String, byte[]> values) {

    static Query parse(String query) {
        Map<String, byte[]> values = new LinkedHashMap<>();
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&", -1)) {
                int eq = pair.indexOf('=');
                String key = eq < 0 ? pair : pair.substring(0, eq);
                byte[] value = GitUris.decode(eq < 0 ? "" : pair.substring(eq + 1));
                if (!key.equals("path") && !key.equals("limit")) {
                    throw McpException.invalidParams("Invalid params: " + "unknown query parameter '" + key
                            + "'; the parameters are path and limit");
                }
                if (value == null || values.put(key, value) != null) {
                    throw McpException.invalidParams(
                            "Invalid params: " + "query parameter '" + key + "' must be given once, percent-encoded");
                }
            }
        }
        return new Query(values);
    }

    boolean none() {
        return values.isEmpty();
    }

    /** A path parameter: names separated by '/', each safe; null when absent; an invalid-params error when not a path. */
    byte[] path(String key) {
        byte[] value = values.get(key);
        if (value == null) {
            return null;
        }
        String text = new String(value, java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String name : GitUris.split(text)) {
            if (!Names.isSafe(name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))) {
                throw McpException.invalidParams("Invalid params: " + "query parameter '" + key
                        + "' must be a path of names separated by '/' (no empty, '.' or '..' names)");
            }
        }
        return value;
    }

    /** The limit parameter, 1 to {@value Address#MAX_LOG_LIMIT}; null when absent. */
    Integer limit() {
        byte[] value = values.get("limit");
        if (value == null) {
            return null;
        }
        String text = new String(value, java.nio.charset.StandardCharsets.US_ASCII);
        try {
            int limit = Integer.parseInt(text);
            if (limit >= 1 && limit <= Address.MAX_LOG_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw McpException.invalidParams("Invalid params: " + "query parameter 'limit' must be a number from 1 to "
                + Address.MAX_LOG_LIMIT + ", not '" + text + "'");
    }
}
