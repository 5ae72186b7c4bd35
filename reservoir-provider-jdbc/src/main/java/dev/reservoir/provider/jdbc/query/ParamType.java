package dev.reservoir.provider.jdbc.query;

import dev.reservoir.provider.jdbc.sql.DbException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** The type of a named query parameter: how its text from the URI becomes a value bound to the statement. */
public enum ParamType {
    TEXT("text"),
    INTEGER("a whole number"),
    NUMBER("a number"),
    BOOLEAN("true or false"),
    DATE("a date (YYYY-MM-DD)"),
    TIMESTAMP("a timestamp (YYYY-MM-DDTHH:MM:SS, optionally with an offset)"),
    UUID("a UUID");

    private final String description;

    ParamType(String description) {
        this.description = description;
    }

    /** What a value must look like, for error messages and descriptions. */
    public String description() {
        return description;
    }

    /** The type named in a configuration ("integer", "date"...). */
    public static ParamType named(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown parameter type '" + name + "'; use text, integer, number,"
                    + " boolean, date, timestamp or uuid");
        }
    }

    /** The value for the statement; throws BadRequest naming the parameter when the text does not fit. */
    public Object convert(String param, String text) {
        try {
            return switch (this) {
                case TEXT -> text;
                case INTEGER -> Long.parseLong(text.trim());
                case NUMBER -> new BigDecimal(text.trim());
                case BOOLEAN -> bool(text);
                case DATE -> LocalDate.parse(text.trim());
                case TIMESTAMP -> timestamp(text.trim());
                case UUID -> java.util.UUID.fromString(text.trim());
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw bad(param, text);
        } catch (IllegalArgumentException e) {
            throw bad(param, text);
        }
    }

    private DbException.BadRequest bad(String param, String text) {
        String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        return new DbException.BadRequest("parameter '" + param + "' must be " + description + ", not '" + shown + "'");
    }

    private static Boolean bool(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true", "t", "yes", "1" -> Boolean.TRUE;
            case "false", "f", "no", "0" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException(text);
        };
    }

    private static Object timestamp(String text) {
        try {
            return OffsetDateTime.parse(text);
        } catch (DateTimeParseException e) {
            return LocalDateTime.parse(text);
        }
    }
}
