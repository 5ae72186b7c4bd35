package dev.reservoir.provider.jdbc.query;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.sql.DbException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A query the configuration declares: SQL with typed named parameters, run as a prepared statement
 * with values from the URI. No other SQL ever runs on a client's behalf. Immutable.
 *
 * @param title a display name, or null
 * @param description what it returns, for people and models, or null
 */
public record NamedQuery(String name, String title, String description, NamedSql sql, List<Param> params) {

    /**
     * A parameter.
     *
     * @param defaultValue used when the URI leaves it out; null makes it required
     * @param completion where completion values come from, or null for none
     */
    public record Param(String name, ParamType type, String description, String defaultValue, Completion completion) {
        public Param {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        public boolean required() {
            return defaultValue == null;
        }
    }

    /** Where the values offered to complete a parameter come from. */
    public sealed interface Completion {
        /**
         * A query of its own; it may use {@code :prefix} (what was typed, as a LIKE pattern) and the
         * query's other parameters (from the completion context, null when not chosen yet).
         */
        record Sql(NamedSql sql) implements Completion {}

        /** The distinct values of a column. */
        record ColumnValues(TableName table, String column) implements Completion {}
    }

    public NamedQuery {
        if (!name.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalArgumentException("query name '" + name + "' must be 1 to 64 letters, digits, '_' or '-'");
        }
        params = List.copyOf(params);
        Set<String> used = sql.names();
        List<String> declared = params.stream().map(Param::name).toList();
        for (String n : used) {
            if (!declared.contains(n)) {
                throw new IllegalArgumentException(
                        "query '" + name + "' uses :" + n + ", which its params do not declare");
            }
        }
        for (String n : declared) {
            if (!used.contains(n)) {
                throw new IllegalArgumentException(
                        "query '" + name + "' declares parameter '" + n + "', which its SQL does not use");
            }
            if (n.equals("prefix")) {
                throw new IllegalArgumentException("query '" + name + "': 'prefix' is kept for completion queries");
            }
        }
    }

    /** Whether it can run without any value given (no parameter, or all have defaults): then it is listed. */
    public boolean listable() {
        return params.stream().noneMatch(Param::required);
    }

    public Param param(String paramName) {
        return params.stream()
                .filter(p -> p.name().equals(paramName))
                .findFirst()
                .orElseThrow(
                        () -> new DbException.BadRequest("query '" + name + "' has no parameter '" + paramName + "'"));
    }

    /** The values to bind, in placeholder order; throws BadRequest for an unknown, missing or malformed one. */
    public List<Object> bind(Map<String, String> given) {
        for (String key : given.keySet()) {
            param(key);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Param p : params) {
            String text = given.containsKey(p.name()) ? given.get(p.name()) : p.defaultValue();
            if (text == null) {
                throw new DbException.BadRequest("query '" + name + "' needs parameter '" + p.name() + "' ("
                        + p.type().description() + ")");
            }
            values.put(p.name(), p.type().convert(p.name(), text));
        }
        List<Object> ordered = new ArrayList<>(sql.order().size());
        for (String n : sql.order()) {
            ordered.add(values.get(n));
        }
        return ordered;
    }
}
