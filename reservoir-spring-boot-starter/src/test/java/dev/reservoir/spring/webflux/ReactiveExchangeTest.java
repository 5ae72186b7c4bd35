package dev.reservoir.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The exchange against Spring's own response machinery (its write barrier), with the server's
 * side played by a thread of its own, as Reactor Netty plays it.
 */
class ReactiveExchangeTest {

    private final Scheduler serverThread = Schedulers.newSingle("server");

    @AfterEach
    void stopServerThread() {
        serverThread.dispose();
    }

    /**
     * An answer of one chunk: the endpoint writes it and ends the response, while the server, once
     * the head is out, subscribes to the body on its own thread inside Spring's write barrier and
     * takes that chunk. The exchange used to hold its lock while ending the response (which needs
     * the barrier) as the server held the barrier while telling the exchange it took the chunk
     * (which needed that lock): both waited for ever. On Netty that hung ApplicationServerIT's WebFlux
     * test in 3 of 20 runs; here the endpoint ends the response exactly while the server holds the
     * barrier, every time.
     */
    @Test
    void theEndpointEndingTheResponseWhileTheServerTakesTheChunkDeadlocksNeither() {
        int answers = 5;
        List<String> received = new ArrayList<>();

        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int i = 0; i < answers; i++) {
                SlowToWrap server = new SlowToWrap();
                NettyLikeResponse response = new NettyLikeResponse(server, serverThread);
                ReactiveExchange exchange =
                        new ReactiveExchange(MockServerHttpRequest.post("/mcp").build(), response, new byte[0]);
                var written = response.writeAndFlushWith(exchange.output()).toFuture();

                exchange.write(ByteBuffer.wrap(("answer " + i).getBytes(StandardCharsets.UTF_8)));
                assertThat(server.wrapping.await(10, TimeUnit.SECONDS))
                        .as("the server takes the chunk")
                        .isTrue();
                exchange.complete();

                written.get(10, TimeUnit.SECONDS);
                received.add(response.body.toString());
            }
        });

        assertThat(received).containsExactly("answer 0", "answer 1", "answer 2", "answer 3", "answer 4");
    }

    /**
     * A response written as Reactor Netty writes one for {@code writeAndFlushWith}: on the
     * server's thread, each chunk in turn with a prefetch, so that the first chunk is taken inside
     * Spring's write barrier.
     */
    private static final class NettyLikeResponse extends MockServerHttpResponse {
        final StringBuilder body = new StringBuilder();
        private final Scheduler serverThread;

        NettyLikeResponse(DataBufferFactory buffers, Scheduler serverThread) {
            super(buffers);
            this.serverThread = serverThread;
        }

        @Override
        protected Mono<Void> writeAndFlushWithInternal(Publisher<? extends Publisher<? extends DataBuffer>> chunks) {
            return Flux.from(chunks)
                    .concatMap(Flux::from, 32)
                    .subscribeOn(serverThread)
                    .doOnNext(buffer -> {
                        body.append(buffer.toString(StandardCharsets.UTF_8));
                        DataBufferUtils.release(buffer);
                    })
                    .then();
        }
    }

    /**
     * The server's side of a response: it takes a chunk on its own thread, inside Spring's write
     * barrier, and takes its time there (long enough for the endpoint to reach the barrier too).
     */
    private static final class SlowToWrap extends DefaultDataBufferFactory {
        final CountDownLatch wrapping = new CountDownLatch(1);

        @Override
        public DefaultDataBuffer wrap(byte[] bytes) {
            wrapping.countDown();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.wrap(bytes);
        }
    }

    /** A writer waiting for room (the server took nothing yet) is released by the end of the exchange. */
    @Test
    void aWriterWaitingForRoomFailsOnceTheExchangeFails() throws Exception {
        MockServerHttpResponse response = new MockServerHttpResponse();
        ReactiveExchange exchange =
                new ReactiveExchange(MockServerHttpRequest.post("/mcp").build(), response, new byte[0]);
        // Nobody subscribes to the output: no chunk is ever taken.
        for (int i = 0; i < ReactiveExchange.IN_FLIGHT; i++) {
            exchange.write(ByteBuffer.wrap(new byte[] {(byte) i}));
        }
        var blocked = new CompletableFuture<Throwable>();
        Thread writer = Thread.ofVirtual().start(() -> {
            try {
                exchange.write(ByteBuffer.wrap(new byte[] {9}));
                blocked.complete(null);
            } catch (Throwable t) {
                blocked.complete(t);
            }
        });
        assertThat(writer.join(Duration.ofMillis(300)))
                .as("the fifth write waits for room")
                .isFalse();

        exchange.fail(new IllegalStateException("the endpoint failed"));

        assertThat(blocked.get(10, TimeUnit.SECONDS))
                .isInstanceOf(IOException.class)
                .hasMessage("the exchange has ended");
    }
}
