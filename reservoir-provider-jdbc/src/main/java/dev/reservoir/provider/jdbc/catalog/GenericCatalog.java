package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.Dialect;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.provider.jdbc.sql.Statements;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Any other JDBC database, through {@link DatabaseMetaData} (tested with H2). Table listings are
 * read whole and sorted here, so this path suits databases of up to some thousands of tables.
 * There is no size on disk and no last-analysed time; row counts are exact.
 */
public final class GenericCatalog implements Catalog {

    private static final Set<String> SYSTEM_SCHEMAS =
            Set.of("information_schema", "pg_catalog", "sys", "sysibm", "mysql", "performance_schema");

    private final Dialect dialect;

    public GenericCatalog(Dialect dialect) {
        this.dialect = dialect;
    }

    /** A catalog using the driver's own identifier quote. */
    public static GenericCatalog of(Connection c) throws SQLException {
        return new GenericCatalog(Dialect.generic(c.getMetaData().getIdentifierQuoteString()));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public List<String> schemas(Connection c, QueryScope scope) throws SQLException {
        scope.check();
        List<String> schemas = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getSchemas()) {
            while (rs.next()) {
                String name = rs.getString("TABLE_SCHEM");
                if (!SYSTEM_SCHEMAS.contains(name.toLowerCase(Locale.ROOT))) {
                    schemas.add(name);
                }
            }
        }
        schemas.sort(null);
        return schemas;
    }

    @Override
    public List<TableRef> tables(Connection c, QueryScope scope, String schema, String after, int limit)
            throws SQLException {
        return all(c, scope, schema, "%").stream()
                .filter(t -> after == null || t.name().name().compareTo(after) > 0)
                .limit(limit)
                .toList();
    }

    @Override
    public Optional<TableRef> table(Connection c, QueryScope scope, TableName name) throws SQLException {
        return all(c, scope, name.schema(), escape(c, name.name())).stream()
                .filter(t -> t.name().equals(name))
                .findFirst();
    }

    private List<TableRef> all(Connection c, QueryScope scope, String schema, String pattern) throws SQLException {
        scope.check();
        List<TableRef> tables = new ArrayList<>();
        DatabaseMetaData md = c.getMetaData();
        try (ResultSet rs = md.getTables(null, escape(c, schema), pattern, null)) {
            while (rs.next()) {
                TableKind kind = kind(rs.getString("TABLE_TYPE"));
                if (kind != null && schema.equals(rs.getString("TABLE_SCHEM"))) {
                    tables.add(new TableRef(
                            new TableName(schema, rs.getString("TABLE_NAME")),
                            kind,
                            blankToNull(rs.getString("REMARKS"))));
                }
            }
        }
        tables.sort((a, b) -> a.name().name().compareTo(b.name().name()));
        return tables;
    }

    private static TableKind kind(String type) {
        String t = type == null ? "" : type.toUpperCase(Locale.ROOT);
        return switch (t) {
            case "TABLE", "BASE TABLE" -> TableKind.TABLE;
            case "VIEW" -> TableKind.VIEW;
            case "MATERIALIZED VIEW" -> TableKind.MATERIALIZED_VIEW;
            case "FOREIGN TABLE" -> TableKind.FOREIGN_TABLE;
            default -> null; // system tables, synonyms, sequences...
        };
    }

    private static String escape(Connection c, String name) throws SQLException {
        String escape = c.getMetaData().getSearchStringEscape();
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }

    static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    @Override
    public TableDetail detail(Connection c, QueryScope scope, TableRef table) throws SQLException {
        scope.check();
        GenericMetadata md = new GenericMetadata(
                c,
                table.name(),
                escape(c, table.name().schema()),
                escape(c, table.name().name()));
        return new TableDetail(
                table,
                md.columns(),
                md.primaryKey(),
                List.of(),
                md.foreignKeys(),
                List.of(),
                md.indexes(),
                null,
                List.of());
    }

    @Override
    public TableStats stats(Connection c, QueryScope scope, TableRef table) throws SQLException {
        long count = Statements.list(
                        c, scope, "SELECT COUNT(*) FROM " + table.name().quoted(dialect), rs -> rs.getLong(1))
                .getFirst();
        return new TableStats(count, "exact count", null, null, null, null, null);
    }

    @Override
    public List<OverviewTable> overview(Connection c, QueryScope scope, List<String> schemas) throws SQLException {
        List<OverviewTable> out = new ArrayList<>();
        for (String schema : schemas) {
            for (TableRef table : all(c, scope, schema, "%")) {
                scope.check();
                GenericMetadata md = new GenericMetadata(
                        c,
                        table.name(),
                        escape(c, schema),
                        escape(c, table.name().name()));
                out.add(new OverviewTable(table, null, md.overviewColumns(dialect)));
            }
        }
        return out;
    }
}
