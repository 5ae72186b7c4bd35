package dev.reservoir.provider.jdbc;

import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.testkit.ResourceProviderContract;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The provider contract, run against the sample schema in a real PostgreSQL. */
class PostgresContractIT extends ResourceProviderContract {

    @TempDir
    Path home;

    @Override
    protected ResourceProvider createProvider() throws Exception {
        return PostgresServer.shared()
                .reader("shop", home)
                .schemas("public", "sales", "queries")
                .build();
    }

    @Override
    protected URI missingUri() {
        return URI.create("postgres://shop/public/no_such_table/schema");
    }

    /** {schema}/{table}/rows{?limit,after}: an encoded table name reaches the provider decoded. */
    @Override
    protected java.util.Optional<TemplateSample> templateSample() {
        return java.util.Optional.of(new TemplateSample(
                "postgres://shop/sales/order%20lines%2F%C3%A9t%C3%A9/rows", "table", "order lines/été"));
    }

    @Override
    protected java.util.Map<Part, String> optOuts() {
        return java.util.Map.of(
                Part.HELD_RELEASED,
                "a PostgreSQL cursor lives in the server, where the descriptor count cannot see it, and the"
                        + " driver opens and closes its sockets on its own (the count moved by one in CI):"
                        + " no measure of what a read holds is written for this provider yet");
    }
}
