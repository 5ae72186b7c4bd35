package dev.reservoir.testkit.server;

import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.testkit.ResourceProviderContract;
import java.net.URI;

/** The in-memory provider keeps the provider contract. */
class InMemoryProviderContractTest extends ResourceProviderContract {

    @Override
    protected ResourceProvider createProvider() {
        return Fixtures.items(12);
    }

    @Override
    protected URI missingUri() {
        return URI.create("demo://items/none");
    }
}
