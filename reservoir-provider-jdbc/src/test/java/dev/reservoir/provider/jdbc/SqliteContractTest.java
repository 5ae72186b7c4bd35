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

    @Override
    protected java.util.Map<Part, String> optOuts() {
        return java.util.Map.of(
                Part.TEMPLATE_VARIABLES, "no sample URI with an encoded variable written for this provider yet");
    }
}
