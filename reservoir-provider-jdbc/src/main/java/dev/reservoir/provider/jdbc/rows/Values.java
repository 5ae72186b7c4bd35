package dev.reservoir.provider.jdbc.rows;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
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

    /** How a column's values are read: decided once per column from the result's metadata. */
    enum Reading {
        /** By each value's Java type (SQLite, whose values need not match their column's type; LOBs). */
        DYNAMIC,
        /** The driver's text, written as a JSON number when it is one (not NaN, not "$1.00"). */
        NUMBER,
        BOOLEAN,
        BINARY,
        /** PostgreSQL json and jsonb: text that is already JSON. */
        JSON,
        TEXT;

        static Reading of(ResultSetMetaData md, int column, boolean dynamic) throws SQLException {
            if (dynamic) {
                return DYNAMIC;
            }
            return switch (md.getColumnType(column)) {
                case Types.TINYINT,
                        Types.SMALLINT,
                        Types.INTEGER,
                        Types.BIGINT,
                        Types.NUMERIC,
                        Types.DECIMAL,
                        Types.REAL,
                        Types.FLOAT,
                        Types.DOUBLE -> NUMBER;
                case Types.BOOLEAN -> BOOLEAN;
                case Types.BIT -> md.getPrecision(column) <= 1 ? BOOLEAN : TEXT;
                case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> BINARY;
                case Types.BLOB, Types.CLOB, Types.NCLOB -> DYNAMIC;
                case Types.OTHER -> {
                    String type = md.getColumnTypeName(column);
                    yield "json".equals(type) || "jsonb".equals(type) ? JSON : TEXT;
                }
                default -> TEXT;
            };
        }
    }

    /**
     * Reads a value, adding to {@code size} how large it came from the driver (characters of its
     * text, bytes of binary), before any cut: what the driver held for it.
     */
    static Value read(ResultSet rs, int column, Reading how, int maxChars, RowSize size) throws SQLException {
        return switch (how) {
            case DYNAMIC -> read(rs, column, maxChars);
            case NUMBER -> number(size.of(rs.getString(column)), maxChars);
            case BOOLEAN -> {
                boolean b = rs.getBoolean(column);
                yield rs.wasNull() ? NULL : new Value(Boolean.toString(b), Kind.BOOLEAN);
            }
            case BINARY -> {
                byte[] bytes = rs.getBytes(column);
                if (bytes == null) {
                    yield NULL;
                }
                size.add(bytes.length);
                yield text(Base64.getEncoder().encodeToString(bytes), maxChars);
            }
            case JSON -> json(size.of(rs.getString(column)), maxChars);
            case TEXT -> text(size.of(rs.getString(column)), maxChars);
        };
    }

    private static Value number(String text, int maxChars) {
        if (text == null) {
            return NULL;
        }
        return isJsonNumber(text) ? new Value(text, Kind.NUMBER) : text(text, maxChars);
    }

    /** Whether the text is a JSON number as drivers write them (digits, one sign, a point, an exponent). */
    static boolean isJsonNumber(String text) {
        int n = text.length();
        if (n == 0 || !Character.isDigit(text.charAt(n - 1))) {
            return false;
        }
        int i = text.charAt(0) == '-' ? 1 : 0;
        if (i >= n
                || !Character.isDigit(text.charAt(i))
                || (text.charAt(i) == '0' && i + 1 < n && Character.isDigit(text.charAt(i + 1)))) {
            return false;
        }
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9') && c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-') {
                return false;
            }
        }
        return true;
    }

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
