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

    @Override
    protected ResourceProvider createProvider() throws Exception {
        return JdbcProvider.builder().sqlite(SqliteFixture.shop(dir)).build();
    }

    @Override
    protected URI missingUri() {
        return URI.create("sqlite://shop/main/no_such_table/rows");
    }
}
