/** Databases (schemas, tables, rows, named queries) as MCP resources, over JDBC. */
module dev.reservoir.provider.jdbc {
    requires transitive dev.reservoir.server;
    requires transitive java.sql;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires com.zaxxer.hikari;
    requires org.postgresql.jdbc;
    requires org.xerial.sqlitejdbc;
    requires org.slf4j;

    exports dev.reservoir.provider.jdbc;
    exports dev.reservoir.provider.jdbc.catalog;
    exports dev.reservoir.provider.jdbc.connect;
    exports dev.reservoir.provider.jdbc.db;
    exports dev.reservoir.provider.jdbc.live;
    exports dev.reservoir.provider.jdbc.query;
    exports dev.reservoir.provider.jdbc.render;
    exports dev.reservoir.provider.jdbc.rows;
    exports dev.reservoir.provider.jdbc.sql;
    exports dev.reservoir.provider.jdbc.uri;

    // Jackson binds the YAML settings to JdbcConfig's records.
    opens dev.reservoir.provider.jdbc to
            com.fasterxml.jackson.databind;

    provides dev.reservoir.server.spi.ResourceProviderFactory with
            dev.reservoir.provider.jdbc.DatabaseProviderFactory;
}
