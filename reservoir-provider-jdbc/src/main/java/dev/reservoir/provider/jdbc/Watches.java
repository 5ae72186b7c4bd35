package dev.reservoir.provider.jdbc;

import dev.reservoir.provider.jdbc.catalog.TableName;
import dev.reservoir.provider.jdbc.live.ChangeMonitor;
import dev.reservoir.provider.jdbc.uri.DbUri;
import dev.reservoir.server.spi.ChangeListener;
import dev.reservoir.server.spi.Watch;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * Turns what the change monitor sees into MCP notifications: {@code list_changed} when tables,
 * views or columns change; {@code updated} for a watched table's {@code schema} (and the table
 * itself) when its definition changes, for its {@code rows} and {@code stats} (whatever their
 * parameters) when its data changes; for the overview, the database and schemas on any list
 * change; for named queries when SQLite says some data changed. Thread-safe.
 */
final class Watches implements dev.reservoir.provider.jdbc.live.ChangeListener {

    private record Registration(String uri, DbUri parsed, ChangeListener listener) {}

    private final List<Registration> resources = new CopyOnWriteArrayList<>();
    private final List<ChangeListener> lists = new CopyOnWriteArrayList<>();
    private ChangeMonitor monitor;

    /** Binds the monitor (set once, before any watch). */
    void monitor(ChangeMonitor changes) {
        this.monitor = changes;
    }

    Watch watchList(ChangeListener listener) {
        lists.add(listener);
        monitor.start();
        return () -> lists.remove(listener);
    }

    Watch watch(String uri, DbUri parsed, ChangeListener listener) {
        Registration registration = new Registration(uri, parsed, listener);
        resources.add(registration);
        TableName data = dataTable(parsed);
        if (data != null) {
            monitor.watchData(data);
        }
        monitor.start();
        return () -> {
            if (resources.remove(registration) && data != null) {
                monitor.unwatchData(data);
            }
        };
    }

    private static TableName dataTable(DbUri uri) {
        return switch (uri) {
            case DbUri.Rows r -> r.table();
            case DbUri.Stats s -> s.table();
            default -> null;
        };
    }

    /** Tells the listeners of this table's rows that they changed (a NOTIFY named it). */
    void notified(TableName table) {
        dataChanged(table);
    }

    @Override
    public void listChanged() {
        lists.forEach(ChangeListener::resourceListChanged);
        updated(r -> r.parsed() instanceof DbUri.Database
                || r.parsed() instanceof DbUri.Schema
                || r.parsed() instanceof DbUri.Overview);
    }

    @Override
    public void definitionChanged(TableName table) {
        updated(r -> switch (r.parsed()) {
            case DbUri.TableSchema s -> s.table().equals(table);
            case DbUri.Table t -> t.table().equals(table);
            default -> false;
        });
    }

    @Override
    public void dataChanged(TableName table) {
        updated(r -> table.equals(dataTable(r.parsed())));
    }

    @Override
    public void someDataChanged() {
        updated(r -> dataTable(r.parsed()) != null || r.parsed() instanceof DbUri.Query);
    }

    private void updated(Predicate<Registration> which) {
        for (Registration r : resources) {
            if (which.test(r)) {
                r.listener().resourceUpdated(URI.create(r.uri()));
            }
        }
    }
}
