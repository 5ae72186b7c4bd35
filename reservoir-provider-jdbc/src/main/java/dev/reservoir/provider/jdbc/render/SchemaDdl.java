package dev.reservoir.provider.jdbc.render;

import dev.reservoir.provider.jdbc.catalog.Column;
import dev.reservoir.provider.jdbc.catalog.Constraints;
import dev.reservoir.provider.jdbc.catalog.TableDetail;
import dev.reservoir.provider.jdbc.catalog.TableKind;
import dev.reservoir.provider.jdbc.sql.Dialect;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's schema as SQL DDL: the database's own statements when it keeps them (SQLite), else
 * written from the catalog with every identifier quoted (CREATE TABLE with its constraints, then
 * its other indexes and its comments). It describes; it is not meant to be run as a migration.
 */
public final class SchemaDdl {

    private SchemaDdl() {}

    public static String render(TableDetail table, Dialect dialect) {
        if (!table.sourceDdl().isEmpty()) {
            return String.join("\n", table.sourceDdl()) + "\n";
        }
        String name = table.ref().name().quoted(dialect);
        StringBuilder out = new StringBuilder();
        if (table.ref().kind() == TableKind.VIEW || table.ref().kind() == TableKind.MATERIALIZED_VIEW) {
            view(out, table, name);
        } else {
            createTable(out, table, name, dialect);
        }
        for (Constraints.Index index : table.indexes()) {
            out.append(
                            index.definition() != null
                                    ? index.definition()
                                    : "CREATE " + (index.unique() ? "UNIQUE " : "") + "INDEX "
                                            + dialect.quote(index.name()) + " ON " + name + " ("
                                            + dialect.columns(index.columns()) + ");")
                    .append('\n');
        }
        if (table.ref().comment() != null) {
            out.append("COMMENT ON ")
                    .append(table.ref().kind() == TableKind.VIEW ? "VIEW " : "TABLE ")
                    .append(name)
                    .append(" IS ")
                    .append(literal(table.ref().comment()))
                    .append(";\n");
        }
        for (Column column : table.columns()) {
            if (column.comment() != null) {
                out.append("COMMENT ON COLUMN ")
                        .append(name)
                        .append('.')
                        .append(dialect.quote(column.name()))
                        .append(" IS ")
                        .append(literal(column.comment()))
                        .append(";\n");
            }
        }
        return out.toString();
    }

    private static void view(StringBuilder out, TableDetail table, String name) {
        String kind = table.ref().kind() == TableKind.MATERIALIZED_VIEW ? "MATERIALIZED VIEW" : "VIEW";
        if (table.viewDefinition() == null) {
            out.append("-- ")
                    .append(kind)
                    .append(' ')
                    .append(name)
                    .append(": the driver does not give its definition; columns:\n");
            for (Column column : table.columns()) {
                out.append("--   ")
                        .append(column.name())
                        .append(' ')
                        .append(column.type())
                        .append('\n');
            }
            return;
        }
        String definition = table.viewDefinition().strip();
        out.append("CREATE ")
                .append(kind)
                .append(' ')
                .append(name)
                .append(" AS\n")
                .append(definition);
        out.append(definition.endsWith(";") ? "\n" : ";\n");
    }

    private static void createTable(StringBuilder out, TableDetail table, String name, Dialect dialect) {
        List<String> lines = new ArrayList<>();
        for (Column column : table.columns()) {
            lines.add(column(column, dialect));
        }
        if (table.primaryKey() != null) {
            lines.add(constraint(table.primaryKey().name(), dialect) + "PRIMARY KEY ("
                    + dialect.columns(table.primaryKey().columns()) + ")");
        }
        for (Constraints.Key unique : table.uniques()) {
            lines.add(constraint(unique.name(), dialect) + "UNIQUE (" + dialect.columns(unique.columns()) + ")");
        }
        for (Constraints.ForeignKey fk : table.foreignKeys()) {
            String target = fk.targetColumns().isEmpty() ? "" : " (" + dialect.columns(fk.targetColumns()) + ")";
            lines.add(constraint(fk.name(), dialect) + "FOREIGN KEY (" + dialect.columns(fk.columns()) + ") REFERENCES "
                    + fk.target().quoted(dialect) + target
                    + (fk.onUpdate() == null ? "" : " ON UPDATE " + fk.onUpdate())
                    + (fk.onDelete() == null ? "" : " ON DELETE " + fk.onDelete()));
        }
        for (Constraints.Check check : table.checks()) {
            lines.add(constraint(check.name(), dialect) + check.expression());
        }
        out.append("CREATE ")
                .append(table.ref().kind() == TableKind.FOREIGN_TABLE ? "FOREIGN TABLE " : "TABLE ")
                .append(name)
                .append(" (\n    ")
                .append(String.join(",\n    ", lines))
                .append("\n);\n");
    }

    private static String column(Column column, Dialect dialect) {
        StringBuilder line =
                new StringBuilder(dialect.quote(column.name())).append(' ').append(column.type());
        if (column.generated() != null) {
            line.append(" GENERATED ALWAYS AS (").append(column.generated()).append(") STORED");
        } else if (column.defaultValue() != null && column.defaultValue().startsWith("GENERATED ")) {
            line.append(' ').append(column.defaultValue());
        } else if (column.defaultValue() != null) {
            line.append(" DEFAULT ").append(column.defaultValue());
        }
        if (!column.nullable()) {
            line.append(" NOT NULL");
        }
        return line.toString();
    }

    private static String constraint(String name, Dialect dialect) {
        return name == null ? "" : "CONSTRAINT " + dialect.quote(name) + " ";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
