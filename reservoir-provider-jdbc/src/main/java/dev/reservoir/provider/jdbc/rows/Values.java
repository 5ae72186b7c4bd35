package dev.reservoir.provider.jdbc.rows;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.temporal.Temporal;
import java.util.Base64;
import java.util.Date;
import org.postgresql.util.PGobject;

/**
 * One value of a row, classified once by its Java type: numbers and booleans stay numbers and
 * booleans, PostgreSQL json stays JSON, binary becomes base64, dates and times take the database's
 * own text form, everything else its text. Stateless.
 */
final class Values {

    /** A value ready to write: its text and how to write it. */
    record Value(String text, Kind kind) {}

    enum Kind {
        NULL,
        NUMBER,
        BOOLEAN,
        JSON,
        TEXT
    }

    private static final Value NULL = new Value(null, Kind.NULL);

    private Values() {}

    static Value read(ResultSet rs, int column, int maxChars) throws SQLException {
        Object value = rs.getObject(column);
        if (value == null) {
            return NULL;
        }
        return switch (value) {
            case Boolean b -> new Value(b.toString(), Kind.BOOLEAN);
            case Integer i -> new Value(i.toString(), Kind.NUMBER);
            case Long l -> new Value(l.toString(), Kind.NUMBER);
            case Short s -> new Value(s.toString(), Kind.NUMBER);
            case Byte b -> new Value(b.toString(), Kind.NUMBER);
            case BigInteger b -> new Value(b.toString(), Kind.NUMBER);
            case BigDecimal d -> new Value(d.toPlainString(), Kind.NUMBER);
            case Double d -> floating(d);
            case Float f -> floating(f.doubleValue());
            case byte[] bytes -> text(Base64.getEncoder().encodeToString(bytes), maxChars);
            case Blob blob ->
                text(
                        Base64.getEncoder()
                                .encodeToString(blob.getBytes(1, (int) Math.min(blob.length(), limit(maxChars)))),
                        maxChars);
            case Clob clob -> text(clob.getSubString(1, (int) Math.min(clob.length(), limit(maxChars) + 1)), maxChars);
            case PGobject pg when isJson(pg) -> json(pg.getValue(), maxChars);
            case Date d -> text(rs.getString(column), maxChars);
            case Temporal t -> text(rs.getString(column), maxChars);
            default -> text(rs.getString(column), maxChars);
        };
    }

    private static boolean isJson(PGobject pg) {
        return "json".equals(pg.getType()) || "jsonb".equals(pg.getType());
    }

    private static long limit(int maxChars) {
        return maxChars == 0 ? Integer.MAX_VALUE - 16 : maxChars;
    }

    private static Value floating(double d) {
        return Double.isFinite(d)
                ? new Value(Double.toString(d), Kind.NUMBER)
                : new Value(Double.toString(d), Kind.TEXT);
    }

    private static Value json(String json, int maxChars) {
        return json == null
                ? NULL
                : maxChars > 0 && json.length() > maxChars ? text(json, maxChars) : new Value(json, Kind.JSON);
    }

    private static Value text(String text, int maxChars) {
        if (text == null) {
            return NULL;
        }
        if (maxChars > 0 && text.length() > maxChars) {
            int end = Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
            return new Value(text.substring(0, end) + "…", Kind.TEXT);
        }
        return new Value(text, Kind.TEXT);
    }

    /** Appends a value as one CSV field. */
    static void csv(StringBuilder out, Value value) {
        if (value.kind() == Kind.NULL) {
            return;
        }
        String text = value.text();
        boolean quote = text.isEmpty();
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == ',' || c == '"' || c == '\r' || c == '\n';
        }
        if (quote) {
            out.append('"').append(text.replace("\"", "\"\"")).append('"');
        } else {
            out.append(text);
        }
    }

    /** Appends a value as a JSON value. */
    static void json(StringBuilder out, Value value) {
        switch (value.kind()) {
            case NULL -> out.append("null");
            case NUMBER, BOOLEAN, JSON -> out.append(value.text());
            case TEXT -> string(out, value.text());
        }
    }

    /** Appends a JSON string. */
    static void string(StringBuilder out, String text) {
        out.append('"');
        JsonStringEncoder.getInstance().quoteAsString(text, out);
        out.append('"');
    }
}
