package dev.reservoir.provider.jdbc;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.reservoir.provider.jdbc.connect.Credentials;
import dev.reservoir.provider.jdbc.connect.DatabaseSpec;
import dev.reservoir.server.spi.FactoryContext;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceProviderFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code database} kind: a SQLite file ({@code ./app.db}), a {@code jdbc:} URL or a
 * {@code postgresql://} URL on the command line (never with a password in it), and the
 * configuration file's {@code databases:} entries (see {@link JdbcConfig}).
 */
public final class DatabaseProviderFactory implements ResourceProviderFactory {

    /**
     * Made when a configuration entry is first read, not when the factory is loaded: every serve
     * loads every factory (to list the kinds), and a Jackson mapper's start (its date format lists
     * the JDK's locales) would otherwise be on the way to a server's first answer.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    @Override
    public String kind() {
        return "database";
    }

    @Override
    public String description() {
        return "a database's schemas, tables, rows and named queries (SQLite, PostgreSQL, JDBC), read-only";
    }

    @Override
    public String syntax() {
        return "FILE.db | jdbc:URL | postgresql://HOST/DB";
    }

    @Override
    public boolean accepts(String spec) {
        return DatabaseSpec.recognize(spec).isPresent();
    }

    @Override
    public String configSection() {
        return "databases";
    }

    @Override
    public List<ResourceProvider> create(List<String> specs, FactoryContext context) {
        Credentials credentials = new Credentials(context.environment(), home(context));
        List<ResourceProvider> providers = new ArrayList<>();
        try {
            for (String spec : specs) {
                providers.add(JdbcProvider.builder()
                        .database(spec)
                        .credentials(credentials)
                        .build());
            }
            for (JsonNode entry : context.settings()) {
                providers.add(JdbcConfig.builder(entry(entry), context.configFolder())
                        .credentials(credentials)
                        .build());
            }
        } catch (RuntimeException e) {
            providers.forEach(ResourceProvider::close);
            throw e;
        }
        return providers;
    }

    private static JdbcConfig.Database entry(JsonNode entry) {
        try {
            return Json.MAPPER.treeToValue(entry, JdbcConfig.Database.class);
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException(
                    "unknown database setting '" + e.getPropertyName() + "' (known: " + e.getKnownPropertyIds() + ")");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("a databases entry is not valid: " + e.getOriginalMessage());
        }
    }

    private static Path home(FactoryContext context) {
        String home = context.environment().get("HOME");
        return Path.of(home != null ? home : System.getProperty("user.home"));
    }
}
