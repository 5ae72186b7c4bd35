package dev.reservoir.provider.jdbc.uri;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.sql.DbException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/** The query part of database URIs: {@code name=value&…}, values percent-encoded as form-style templates write them. */
final class QueryString {

    private QueryString() {}

    /** The parameters, in order; a name given twice is refused. */
    static Map<String, String> parse(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        if (query.isEmpty()) {
            return params;
        }
        for (String pair : query.split("&", -1)) {
            int eq = pair.indexOf('=');
            String name = Segments.decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : Segments.decode(pair.substring(eq + 1));
            if (name.isEmpty()) {
                throw new DbException.BadRequest("the query part '" + query + "' has a parameter without a name");
            }
            if (params.put(name, value) != null) {
                throw new DbException.BadRequest("parameter '" + name + "' is given twice");
            }
        }
        return params;
    }

    /** "?a=1&b=2", or "" when there are none. */
    static String format(Map<String, String> params) {
        if (params.isEmpty()) {
            return "";
        }
        StringJoiner joined = new StringJoiner("&", "?", "");
        params.forEach((name, value) -> joined.add(Segments.encode(name) + "=" + Segments.encode(value)));
        return joined.toString();
    }

    /** A rows URI's parameters: {@code limit} (a positive integer) and {@code after} (a key). */
    static DbUri.Rows rows(TableName table, Map<String, String> params) {
        Integer limit = null;
        String after = null;
        for (Map.Entry<String, String> param : params.entrySet()) {
            switch (param.getKey()) {
                case "limit" -> limit = positive(param.getValue());
                case "after" -> after = param.getValue();
                default ->
                    throw new DbException.BadRequest(
                            "rows take the parameters 'limit' and 'after', not '" + param.getKey() + "'");
            }
        }
        return new DbUri.Rows(table, limit, after);
    }

    private static int positive(String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new DbException.BadRequest("'limit' must be a positive whole number, not '" + value + "'");
    }
}
