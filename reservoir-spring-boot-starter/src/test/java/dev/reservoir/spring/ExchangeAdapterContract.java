package dev.reservoir.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What every web server adapter's {@code HttpExchange} must do, checked on a real Spring Boot
 * application's server with a {@link StubEndpoint} mounted below the context path {@code /app}:
 * requests seen as sent, each write flushed, a client that reads nothing holds its writer back,
 * and its hang-up fails the blocked write and runs onHangup. A subclass per adapter.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class ExchangeAdapterContract {

    /**
     * The application under test and what tells its server apart.
     *
     * @param application the application with the stub mounted by the adapter under test
     * @param contextPathProperty the property that sets the context path {@code /app}
     * @param exchangeClass the adapter's HttpExchange class, in whose write a held-back writer waits
     * @param webServer the class of the web server the application must run on, such as {@code NettyWebServer}
     */
    public record Setup(
            Class<?> application,
            WebApplicationType type,
            String contextPathProperty,
            Class<?> exchangeClass,
            String webServer) {}

    private final Setup setup;
    private ConfigurableApplicationContext context;
    private StubEndpoint stub;
    private int port;

    protected ExchangeAdapterContract(Setup setup) {
        this.setup = setup;
    }

    @BeforeAll
    void start() throws Exception {
        SpringApplication app = new SpringApplication(setup.application());
        app.setWebApplicationType(setup.type());
        if (setup.type() == WebApplicationType.REACTIVE) {
            OnNetty.use(app);
        }
        app.setDefaultProperties(Map.of(
                "server.address",
                "127.0.0.1",
                "server.port",
                "0",
                setup.contextPathProperty(),
                "/app",
                "reservoir.http.server",
                "none"));
        context = app.run();
        assertThat(TypeScriptClientRun.webServer(context)).isEqualTo(setup.webServer());
        stub = context.getBean(StubEndpoint.class);
        port = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    /** A request to the stub, below the context path. */
    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/app" + path))
                .timeout(Duration.ofSeconds(60));
    }

    @AfterAll
    void stop() {
        if (context != null) {
            context.close();
        }
    }

    @Test
    void theEndpointSeesTheRequestBelowTheContextPathAndAnswersWithStatusHeadersAndBody() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        request("/echo?a=1&b=%20")
                                .header("X-Test", "one")
                                .header("X-Test", "two")
                                .POST(HttpRequest.BodyPublishers.ofString("hello"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/plain");
        assertThat(String.join(" | ", response.headers().allValues("X-Seen")))
                .isEqualTo("POST /echo?a=1&b=%20 | header=one all=[one, two] | length=5 peer=127.0.0.1 secure=false");
        assertThat(response.body()).isEqualTo("body=hello");
    }

    /**
     * Many one-chunk answers at once, each ended right after its write while the server may be
     * taking that chunk on its own thread: every one arrives, whole. (The WebFlux adapter once
     * deadlocked there, an answer's end and Netty taking its chunk waiting for each other, until
     * every event loop was stuck: on that code this test failed in every run.)
     */
    @Test
    @Order(Integer.MAX_VALUE) // last: should the server get stuck, the other checks have run
    void manyOneChunkAnswersAtOnceAllArriveWhole() throws Exception {
        int answers = 2000;
        Semaphore inFlight = new Semaphore(32);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        List<CompletableFuture<String>> bodies = new ArrayList<>();
        HttpClient client = HttpClient.newHttpClient();
        try {
            for (int i = 0; i < answers && failed.get() == null; i++) {
                inFlight.acquire();
                bodies.add(client.sendAsync(
                                request("/echo")
                                        .timeout(Duration.ofSeconds(20))
                                        .POST(HttpRequest.BodyPublishers.ofString("n" + i))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .whenComplete((response, failure) -> {
                            if (failure != null) {
                                failed.compareAndSet(null, failure);
                            }
                            inFlight.release();
                        })
                        .thenApply(response -> response.statusCode() + " " + response.body()));
            }
            assertThat(failed.get())
                    .as("every answer arrived (%d sent)", bodies.size())
                    .isNull();
            for (int i = 0; i < bodies.size(); i++) {
                assertThat(bodies.get(i))
                        .as("answer %d", i)
                        .succeedsWithin(Duration.ofSeconds(60))
                        .isEqualTo("201 body=n" + i);
            }
            assertThat(bodies).hasSize(answers);
        } finally {
            client.shutdownNow(); // close() would wait for connections a stuck server never ends
        }
    }

    @Test
    void eachWriteReachesTheClientBeforeTheNextOne() throws Exception {
        HttpResponse<InputStream> response =
                HttpClient.newHttpClient().send(request("/stream").build(), HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
            // The stub writes the second line only after this: an unflushed first line never comes.
            assertThat(lines.readLine()).isEqualTo("first");
            stub.readFirst.countDown();
            assertThat(lines.readLine()).isEqualTo("second");
            assertThat(lines.readLine()).isNull();
        }
    }

    @Test
    void aClientThatReadsNothingHoldsTheWriterBackAndItsHangUpFailsTheWriteAndRunsOnHangup() throws Exception {
        try (Socket client = StubEndpoint.floodWithoutReading(port, "/app/flood")) {
            StubEndpoint.await(
                    () -> stub.writerBlockedIn(setup.exchangeClass().getName()) || stub.floodEnd.get() != null,
                    Duration.ofSeconds(60),
                    "the flood's writer to block in " + setup.exchangeClass().getSimpleName() + ".write");
            assertThat(stub.floodEnd.get())
                    .as("the flood did not end before the client left")
                    .isNull();
            assertThat(stub.flooded.get()).isLessThan(StubEndpoint.FLOOD_LIMIT);
        }
        assertThat(stub.hungUp.await(30, TimeUnit.SECONDS)).as("onHangup ran").isTrue();
        StubEndpoint.await(() -> stub.floodEnd.get() != null, Duration.ofSeconds(30), "the flood's write to fail");
        assertThat(stub.floodEnd.get()).isInstanceOf(IOException.class);
    }
}
