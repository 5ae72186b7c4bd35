package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.sql.Engine;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A realistic sample database for tests: a small shop (customers, products, orders with a
 * composite-key line table, a view), a chain of 30 tables linked by foreign keys, a table without
 * a key, and tables whose names need care: quotes, a space, unicode, a reserved word, a slash.
 * Written once per engine with that engine's types.
 */
final class SampleSchema {

    /** Tables in the chain. */
    static final int CHAIN = 30;

    /** Tables and views besides the chain (the shop, the keyless log, the five awkward names). */
    static final int SHOP_TABLES = 11;

    private SampleSchema() {}

    static void create(String jdbcUrl, String user, String password, Engine engine) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
                Statement s = c.createStatement()) {
            for (String sql : statements(engine)) {
                s.execute(sql);
            }
        }
    }

    static List<String> statements(Engine engine) {
        boolean pg = engine == Engine.POSTGRES;
        String text = engine == Engine.GENERIC ? "VARCHAR(200)" : "TEXT";
        String ts = pg ? "timestamp with time zone" : "TIMESTAMP";
        List<String> sql = new ArrayList<>();
        sql.add("CREATE TABLE customers (id INTEGER PRIMARY KEY, name " + text + " NOT NULL, email " + text + " UNIQUE,"
                + " country " + text + ", created_at " + ts + " DEFAULT CURRENT_TIMESTAMP)");
        sql.add("CREATE TABLE products (id INTEGER PRIMARY KEY, sku " + text + " NOT NULL UNIQUE, title " + text + ","
                + " price NUMERIC(10,2) CHECK (price >= 0))");
        sql.add(
                "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,"
                        + " placed_at " + ts + " NOT NULL, status " + text + ", total NUMERIC(12,2))");
        sql.add("CREATE INDEX orders_by_customer ON orders (customer_id, placed_at)");
        sql.add(
                "CREATE TABLE order_items (order_id INTEGER NOT NULL REFERENCES orders (id), product_id INTEGER NOT NULL"
                        + " REFERENCES products (id), quantity INTEGER NOT NULL, PRIMARY KEY (order_id, product_id))");
        sql.add("CREATE VIEW big_customers AS SELECT c.id, c.name, SUM(o.total) AS spent FROM customers c JOIN orders o"
                + " ON o.customer_id = c.id GROUP BY c.id, c.name HAVING SUM(o.total) > 100");
        sql.add("CREATE TABLE event_log (at " + ts + ", message " + text + ")");
        sql.add("CREATE TABLE \"Order \"\"Details\"\"\" (\"Id\" INTEGER PRIMARY KEY, \"Note, with comma\" " + text
                + ")");
        sql.add("CREATE TABLE \"with space\" (id INTEGER PRIMARY KEY, \"first name\" " + text + ")");
        sql.add("CREATE TABLE \"ünïcødé 表\" (id INTEGER PRIMARY KEY, \"名前\" " + text + ")");
        sql.add("CREATE TABLE \"select\" (\"from\" INTEGER PRIMARY KEY, \"where\" " + text + ")");
        sql.add("CREATE TABLE \"a/b\" (id INTEGER PRIMARY KEY, v " + text + ")");
        for (int i = 1; i <= CHAIN; i++) {
            String ref = i == 1 ? "" : ", prev_id INTEGER REFERENCES chain_" + pad(i - 1) + " (id)";
            sql.add("CREATE TABLE chain_" + pad(i) + " (id INTEGER PRIMARY KEY, label " + text + ref + ")");
        }
        if (pg) {
            sql.add("COMMENT ON TABLE customers IS 'People who bought at least once'");
            sql.add("COMMENT ON COLUMN customers.email IS 'Unique; may be null'");
        }
        sql.addAll(data());
        return sql;
    }

    private static List<String> data() {
        List<String> sql = new ArrayList<>();
        sql.add("INSERT INTO customers (id, name, email, country) VALUES (1, 'Ada', 'ada@example.com', 'UK'),"
                + " (2, 'Grace', 'grace@example.com', 'US'), (3, 'Linus, \"the\" kernel', NULL, 'FI'),"
                + " (4, 'Ünïcødé 名前', 'u@example.com', 'JP'), (5, 'Eve', 'eve@example.com', 'US')");
        sql.add(
                "INSERT INTO products (id, sku, title, price) VALUES (1, 'A-1', 'Apple', 1.50), (2, 'B-2', 'Bread', 3.25),"
                        + " (3, 'C-3', 'Cheese', 12.00)");
        sql.add("INSERT INTO orders (id, customer_id, placed_at, status, total) VALUES"
                + " (10, 1, '2024-01-02 10:00:00', 'paid', 150.00), (11, 1, '2024-02-03 11:00:00', 'paid', 20.00),"
                + " (12, 2, '2024-03-04 12:00:00', 'open', 7.50), (13, 3, '2024-04-05 13:00:00', 'paid', 99.99)");
        sql.add("INSERT INTO order_items (order_id, product_id, quantity) VALUES (10, 1, 2), (10, 3, 1), (11, 2, 1),"
                + " (12, 1, 5), (13, 3, 8)");
        sql.add(
                "INSERT INTO event_log (at, message) VALUES ('2024-01-01 00:00:00', 'started'), ('2024-01-01 00:00:01', 'ready')");
        sql.add(
                "INSERT INTO \"Order \"\"Details\"\"\" (\"Id\", \"Note, with comma\") VALUES (1, 'a, b'), (2, 'say \"hi\"')");
        sql.add("INSERT INTO \"with space\" (id, \"first name\") VALUES (1, 'x')");
        sql.add("INSERT INTO \"ünïcødé 表\" (id, \"名前\") VALUES (1, 'データ')");
        sql.add("INSERT INTO \"select\" (\"from\", \"where\") VALUES (1, 'here')");
        sql.add("INSERT INTO \"a/b\" (id, v) VALUES (1, 'slash')");
        sql.add("INSERT INTO chain_01 (id, label) VALUES (1, 'first')");
        return sql;
    }

    static String pad(int i) {
        return i < 10 ? "0" + i : Integer.toString(i);
    }
}
