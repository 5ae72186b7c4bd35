package dev.reservoir.provider.jdbc.catalog;

import dev.reservoir.provider.jdbc.sql.Dialect;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One table's columns, keys and indexes through {@link DatabaseMetaData}. */
final class GenericMetadata {

    private final DatabaseMetaData md;
    private final TableName table;
    private final String schemaPattern;
    private final String tablePattern;

    GenericMetadata(Connection c, TableName table, String schemaPattern, String tablePattern) throws SQLException {
        this.md = c.getMetaData();
        this.table = table;
        this.schemaPattern = schemaPattern;
        this.tablePattern = tablePattern;
    }

    List<Column> columns() throws SQLException {
        List<Column> columns = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, schemaPattern, tablePattern, "%")) {
            while (rs.next()) {
                if (!mine(rs)) {
                    continue;
                }
                String type = rs.getString("TYPE_NAME");
                int size = rs.getInt("COLUMN_SIZE");
                boolean sized = !rs.wasNull()
                        && size > 0
                        && (type.contains("CHAR") || type.contains("DECIMAL") || type.contains("NUMERIC"));
                columns.add(new Column(
                        rs.getString("COLUMN_NAME"),
                        sized ? type + "(" + size + ")" : type,
                        rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
                        rs.getString("COLUMN_DEF"),
                        GenericCatalog.blankToNull(rs.getString("REMARKS")),
                        null));
            }
        }
        return columns;
    }

    private boolean mine(ResultSet rs) throws SQLException {
        return table.schema().equals(rs.getString("TABLE_SCHEM"))
                && table.name().equals(rs.getString("TABLE_NAME"));
    }

    Constraints.Key primaryKey() throws SQLException {
        Map<Integer, String> columns = new TreeMap<>();
        String name = null;
        try (ResultSet rs = md.getPrimaryKeys(null, table.schema(), table.name())) {
            while (rs.next()) {
                columns.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
                name = rs.getString("PK_NAME");
            }
        }
        return columns.isEmpty() ? null : new Constraints.Key(name, List.copyOf(columns.values()));
    }

    List<Constraints.ForeignKey> foreignKeys() throws SQLException {
        Map<String, List<String[]>> byName = new LinkedHashMap<>();
        try (ResultSet rs = md.getImportedKeys(null, table.schema(), table.name())) {
            while (rs.next()) {
                String key = rs.getString("FK_NAME") + "\0" + rs.getString("PKTABLE_SCHEM") + "\0"
                        + rs.getString("PKTABLE_NAME");
                byName.computeIfAbsent(key, k -> new ArrayList<>()).add(new String[] {
                    rs.getString("FK_NAME"), rs.getString("FKCOLUMN_NAME"), rs.getString("PKTABLE_SCHEM"),
                    rs.getString("PKTABLE_NAME"), rs.getString("PKCOLUMN_NAME"), action(rs.getShort("UPDATE_RULE")),
                    action(rs.getShort("DELETE_RULE"))
                });
            }
        }
        List<Constraints.ForeignKey> keys = new ArrayList<>();
        for (List<String[]> parts : byName.values()) {
            String[] first = parts.getFirst();
            keys.add(new Constraints.ForeignKey(
                    first[0],
                    parts.stream().map(p -> p[1]).toList(),
                    new TableName(first[2], first[3]),
                    parts.stream().map(p -> p[4]).toList(),
                    first[5],
                    first[6]));
        }
        return keys;
    }

    private static String action(short rule) {
        return switch (rule) {
            case DatabaseMetaData.importedKeyCascade -> "CASCADE";
            case DatabaseMetaData.importedKeySetNull -> "SET NULL";
            case DatabaseMetaData.importedKeySetDefault -> "SET DEFAULT";
            case DatabaseMetaData.importedKeyRestrict -> "RESTRICT";
            default -> null;
        };
    }

    List<Constraints.Index> indexes() throws SQLException {
        Map<String, Object[]> byName = new LinkedHashMap<>();
        try (ResultSet rs = md.getIndexInfo(null, table.schema(), table.name(), false, true)) {
            while (rs.next()) {
                String name = rs.getString("INDEX_NAME");
                if (name == null || rs.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic) {
                    continue;
                }
                Object[] index =
                        byName.computeIfAbsent(name, n -> new Object[] {Boolean.FALSE, new TreeMap<Integer, String>()});
                index[0] = !rs.getBoolean("NON_UNIQUE");
                @SuppressWarnings("unchecked")
                Map<Integer, String> columns = (Map<Integer, String>) index[1];
                columns.put((int) rs.getShort("ORDINAL_POSITION"), rs.getString("COLUMN_NAME"));
            }
        }
        List<Constraints.Index> indexes = new ArrayList<>();
        byName.forEach((name, index) -> {
            @SuppressWarnings("unchecked")
            Map<Integer, String> columns = (Map<Integer, String>) index[1];
            indexes.add(new Constraints.Index(name, (Boolean) index[0], List.copyOf(columns.values()), null));
        });
        return indexes;
    }

    List<OverviewTable.Col> overviewColumns(Dialect dialect) throws SQLException {
        Constraints.Key pk = primaryKey();
        Map<String, String> references = new LinkedHashMap<>();
        for (Constraints.ForeignKey fk : foreignKeys()) {
            if (fk.columns().size() == 1) {
                references.putIfAbsent(
                        fk.columns().getFirst(),
                        fk.target().quoted(dialect) + "("
                                + dialect.quote(fk.targetColumns().getFirst()) + ")");
            }
        }
        List<OverviewTable.Col> out = new ArrayList<>();
        for (Column c : columns()) {
            boolean inPk = pk != null && pk.columns().contains(c.name());
            out.add(new OverviewTable.Col(c.name(), c.type(), !c.nullable(), inPk, references.get(c.name())));
        }
        return out;
    }
}
