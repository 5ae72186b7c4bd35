package dev.reservoir.provider.jdbc;

import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.testkit.ResourceProviderContract;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The provider contract, run against the sample schema in a SQLite file. */
class SqliteContractTest extends ResourceProviderContract {

    @TempDir
    Path dir;

    private Path shop;

    @Override
    protected ResourceProvider createProvider() throws Exception {
        shop = shop != null ? shop : SqliteFixture.shop(dir); // a second provider serves the same file
        return JdbcProvider.builder().sqlite(shop).build();
    }

    @Override
    protected URI missingUri() {
        return URI.create("sqlite://shop/main/no_such_table/rows");
    }

    /** {schema}/{table}/rows{?limit,after}: a table name with a space and a slash reaches the provider decoded. */
    @Override
    protected java.util.Optional<TemplateSample> templateSample() {
        return java.util.Optional.of(new TemplateSample(
                "sqlite://shop/main/order%20lines%2F2024/rows?limit=5", "table", "order lines/2024"));
    }
}
