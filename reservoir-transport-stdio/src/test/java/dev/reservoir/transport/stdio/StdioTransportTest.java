package dev.reservoir.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.testkit.Eventually;
import java.io.BufferedReader;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The stdio transport over pipes: framing, limits, end of input, and a client that stops reading. */
@Timeout(60)
class StdioTransportTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String INIT =
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n";

    /** Slow reads that were interrupted (cancelled). */
    private final AtomicInteger interrupted = new AtomicInteger();

    private final McpServer server = McpServer.builder()
            .resource(
                    Resource.builder("test://text", "text")
                            .mimeType("text/plain")
                            .build(),
                    ContentBody.text("hello"))
            .resource(Resource.builder("test://big", "big").build(), ContentBody.text("z".repeat(64 * 1024)))
            .template(ResourceTemplate.builder("slow://wait/{ms}", "slow").build(), request -> {
                try {
                    Thread.sleep(Long.parseLong(request.variable("ms")));
                } catch (InterruptedException e) {
                    interrupted.incrementAndGet();
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("cancelled");
                }
                return ReadResult.of(
                        Resource.builder(request.uri().toString(), "slow").build(), ContentBody.text("done"));
            })
            .build();

    @AfterEach
    void close() {
        server.close();
    }

    private record Running(OutputStream toServer, BufferedReader fromServer, CompletableFuture<Void> done) {
        JsonNode next() throws IOException {
            String line = fromServer.readLine();
            assertThat(line).as("server output").isNotNull();
            return MAPPER.readTree(line);
        }

        void send(String text) throws IOException {
            toServer.write(text.getBytes(StandardCharsets.UTF_8));
            toServer.flush();
        }
    }

    private Running start(StdioTransport transport) {
        CompletableFuture<Void> done = CompletableFuture.runAsync(() -> {
            try {
                server.serve(transport);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return new Running(null, null, done);
    }

    private Running pipes(int maxMessageBytes) throws IOException {
        return pipes(maxMessageBytes, out -> out);
    }

    /** Pipes both ways; the server writes to its end through {@code wrap}. */
    private Running pipes(int maxMessageBytes, UnaryOperator<OutputStream> wrap) throws IOException {
        // NIO pipes, not Piped*Stream: those fail once the thread that last wrote has ended.
        Pipe toServerPipe = Pipe.open();
        Pipe fromServerPipe = Pipe.open();
        InputStream serverIn = Channels.newInputStream(toServerPipe.source());
        OutputStream toServer = Channels.newOutputStream(toServerPipe.sink());
        InputStream clientIn = Channels.newInputStream(fromServerPipe.source());
        OutputStream serverOut = wrap.apply(Channels.newOutputStream(fromServerPipe.sink()));
        StdioTransport transport = StdioTransport.of(serverIn, serverOut)
                .withMaxMessageBytes(maxMessageBytes)
                .withShutdownGrace(Duration.ofSeconds(2));
        Running started = start(transport);
        return new Running(
                toServer, new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8)), started.done());
    }

    @Test
    void answersOneMessagePerLineAndExitsWhenInputCloses() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        assertThat(r.next().at("/result/protocolVersion").asText()).isEqualTo("2025-06-18");
        r.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\r\n\n   \n");
        r.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://text\"}}\n");
        assertThat(r.next().at("/result/contents/0/text").asText()).isEqualTo("hello");
        r.toServer().close();
        r.done().get(10, TimeUnit.SECONDS);
        assertThat(r.fromServer().readLine()).as("nothing after the answers").isNull();
    }

    /**
     * The thread that reads a request runs it; a slow one hands the reading to another thread, so
     * the requests behind it are answered meanwhile, and cancelling it still reaches it.
     */
    @Test
    void aSlowRequestDoesNotHoldUpTheOnesBehindItAndCanBeCancelled() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        r.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
        r.send(
                "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"resources/read\",\"params\":{\"uri\":\"slow://wait/20000\"}}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://text\"}}\n");
        long sent = System.nanoTime();
        JsonNode first = r.next();
        assertThat(first.get("id").asInt())
                .as("the fast read, answered while the slow one runs")
                .isEqualTo(11);
        assertThat(Duration.ofNanos(System.nanoTime() - sent)).isLessThan(Duration.ofSeconds(10));
        r.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":10}}\n");
        Eventually.await("the slow read to be interrupted", Duration.ofSeconds(10), () -> interrupted.get() == 1);
        r.send("{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"ping\"}\n");
        assertThat(r.next().get("id").asInt())
                .as("a cancelled request gets no answer")
                .isEqualTo(12);
        r.toServer().close();
        r.done().get(10, TimeUnit.SECONDS);
    }

    /** {@code count} reads of test://text, one a line, with ids from {@code firstId} on. */
    private static StringBuilder reads(int firstId, int count) {
        StringBuilder lines = new StringBuilder();
        for (int id = firstId; id < firstId + count; id++) {
            lines.append("{\"jsonrpc\":\"2.0\",\"id\":")
                    .append(id)
                    .append(",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://text\"}}\n");
        }
        return lines;
    }

    /**
     * Answers to requests that came together are partly held back while the next request waits
     * in the input; every one still goes out, the last once the input has nothing more (here
     * after a notification, which has no answer to carry them).
     */
    @Test
    void aBurstOfRequestsGetsEveryAnswer() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        StringBuilder burst = reads(100, 50);
        // Last, a line with no answer: what was held back must not wait for another request.
        burst.append("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":999}}\n");
        r.send(burst.toString());
        java.util.Set<Integer> answered = new java.util.TreeSet<>();
        for (int i = 0; i < 50; i++) {
            JsonNode answer = r.next();
            assertThat(answer.at("/result/contents/0/text").asText()).isEqualTo("hello");
            answered.add(answer.get("id").asInt());
        }
        assertThat(answered).hasSize(50).first().isEqualTo(100);
        r.toServer().close();
        r.done().get(10, TimeUnit.SECONDS);
    }

    /**
     * The answers to a burst go out in few writes, the first of them alone, at once, then (answers
     * from memory) 2, 4, 8... together: the client starts on the first while the server makes the
     * others ({@link AnswerGroups}). 40 requests in one write of less than a pipe's atomic 4 KiB,
     * so the server reads them together (and writes 1, 2, 4, 8, 16 and 9 answers; a reading
     * handed on under load would start again at 1).
     */
    @Test
    void theAnswersToABurstGoOutFirstAloneThenInGrowingGroups() throws Exception {
        List<Integer> answersPerWrite = new CopyOnWriteArrayList<>();
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES, out -> new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                int lines = 0;
                for (int i = off; i < off + len; i++) {
                    lines += b[i] == '\n' ? 1 : 0;
                }
                answersPerWrite.add(lines);
                out.write(b, off, len);
            }
        });
        r.send(INIT);
        r.next();
        answersPerWrite.clear();
        StringBuilder burst = reads(100, 40);
        assertThat(burst.length()).isLessThan(4096);
        r.send(burst.toString());
        for (int i = 0; i < 40; i++) {
            assertThat(r.next().get("id").asInt()).isEqualTo(100 + i);
        }
        assertThat(answersPerWrite.stream().mapToInt(Integer::intValue).sum()).isEqualTo(40);
        assertThat(answersPerWrite.get(0)).as("answers in the first write").isEqualTo(1);
        assertThat(answersPerWrite.get(1)).as("answers in the second write").isBetween(1, 2);
        assertThat(answersPerWrite).as("answers per write").hasSizeLessThanOrEqualTo(8);
        r.toServer().close();
        r.done().get(10, TimeUnit.SECONDS);
    }

    @Test
    void anOverlongMessageGetsAClearErrorAndTheConnectionGoesOn() throws Exception {
        Running r = pipes(4096);
        r.send(INIT);
        r.next();
        r.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"pad\":\"" + "p".repeat(10_000)
                + "\"}}\n");
        JsonNode error = r.next();
        assertThat(error.at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(error.at("/error/message").asText()).contains("4096 bytes");
        goesOnAndEnds(r);
    }

    /** The connection still answers (a ping, id 3) after an error, and ends when its input does. */
    private static void goesOnAndEnds(Running r) throws Exception {
        r.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
        assertThat(r.next().get("id").asInt()).isEqualTo(3);
        r.toServer().close();
        r.done().get(10, TimeUnit.SECONDS);
    }

    /** A URI a template refuses is refused at once, on the reading thread, which reads on. */
    @Test
    void aUriATemplateRefusesGetsItsErrorAndTheConnectionGoesOn() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        r.send(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/read\",\"params\":{\"uri\":\"slow://wait/..\"}}\n");
        JsonNode error = r.next();
        assertThat(error.get("id").asInt()).isEqualTo(2);
        assertThat(error.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(error.at("/error/message").asText()).contains("'..' path segment");
        goesOnAndEnds(r);
    }

    @Test
    void answersInProgressStillGoOutAfterInputCloses() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        r.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://big\"}}\n");
        r.toServer().close();
        JsonNode big = r.next();
        assertThat(big.at("/result/contents/0/text").asText()).hasSize(64 * 1024);
        r.done().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aClosedOutputEndsTheServerThoughItsInputStaysOpen() throws Exception {
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        r.fromServer().close(); // the client stops reading: the server's next write fails (EPIPE)
        r.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}\n");
        r.done().get(10, TimeUnit.SECONDS);
    }

    /**
     * A client that stops reading stdout, then closes stdin (as a host closing a server it gave up
     * on): the answer's write stays blocked in the full pipe, and the server must end anyway once
     * the answers in progress had their grace. It waited for that write for good before.
     */
    @Test
    void aServerEndsWhenItsInputClosesThoughItsOutputIsNoLongerRead() throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        AtomicBoolean reading = new AtomicBoolean(true);
        AtomicBoolean blocked = new AtomicBoolean();
        // The client reads the answer to initialize; past that, every write waits as one into a full
        // pipe does: for a reader, and an interrupt does not end it (FileOutputStream.write's is not).
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES, pipe -> new FilterOutputStream(pipe) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (reading.get()) {
                    out.write(b, off, len);
                    return;
                }
                blocked.set(true);
                while (true) {
                    try {
                        released.await();
                        return;
                    } catch (InterruptedException e) {
                        // not interruptible
                    }
                }
            }
        });
        try {
            r.send(INIT);
            assertThat(r.next().has("result")).isTrue();
            reading.set(false);
            r.send(
                    "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://big\"}}\n");
            Eventually.await("the answer's write is blocked", Duration.ofSeconds(10), blocked::get);
            r.toServer().close();
            // The grace (2 s) and the wait for the blocked write (1 s), with room for a slow machine.
            r.done().get(15, TimeUnit.SECONDS);
        } finally {
            released.countDown();
        }
    }

    /** A client that never reads: the server must stop reading too, not queue answers without bound. */
    @Test
    void aClientThatStopsReadingStopsTheServerReading() throws Exception {
        long readersBefore = readers();
        AtomicLong requestsConsumed = new AtomicLong();
        byte[] request =
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"test://big\"}}\n"
                        .getBytes(StandardCharsets.UTF_8);
        byte[] init = INIT.getBytes(StandardCharsets.UTF_8);
        InputStream endless = new InputStream() {
            long position = -init.length;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (position < 0) {
                    int n = (int) Math.min(len, -position);
                    System.arraycopy(init, (int) (init.length + position), b, off, n);
                    position += n;
                    return n;
                }
                int at = (int) (position % request.length);
                int n = Math.min(len, request.length - at);
                System.arraycopy(request, at, b, off, n);
                position += n;
                if (at + n == request.length) {
                    requestsConsumed.incrementAndGet();
                }
                return n;
            }
        };
        Pipe unread = Pipe.open();
        OutputStream neverRead = Channels.newOutputStream(unread.sink());
        CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> {
            try {
                server.serve(StdioTransport.of(endless, neverRead));
            } catch (Exception e) {
                // ends when the test closes the server
            }
        });
        // Reading without a bound would never settle: the wait would fail, or the count pass 1000.
        long settled = awaitSettled(requestsConsumed, Duration.ofMillis(500));
        // 64 in flight plus what the 64 KiB line buffer already held: bounded, not thousands.
        assertThat(settled)
                .as("reading stops once the in-flight limit is reached")
                .isLessThan(1000);
        // Every request blocked on the output hands the reading on (the answers are read from
        // memory, quick runs, which the watchdog looks at less often), but only up to the limit of
        // 64 running requests: a thread waiting for a place is not running one. Other tests'
        // readers may be ending meanwhile, hence the margin below.
        assertThat(readers() - readersBefore)
                .as("threads reading stdin or running what they read")
                .isBetween(32L, 65L);
        server.close();
        serving.cancel(true);
    }

    /**
     * A client that sent one request at a time for a while (so the watchdog, finding the reading
     * thread waiting for input at each look, naps longer) and then stops reading: the answer
     * blocked on the full output is still noticed, and the reading goes on in another thread.
     */
    @Test
    void aClientThatStopsReadingAfterOneRequestAtATimeIsStillNoticed() throws Exception {
        long readersBefore = readers();
        Running r = pipes(StdioTransport.DEFAULT_MAX_MESSAGE_BYTES);
        r.send(INIT);
        r.next();
        r.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
        long quietUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(600);
        for (int id = 1; System.nanoTime() < quietUntil; id++) {
            r.send("{\"jsonrpc\":\"2.0\",\"id\":" + id
                    + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://text\"}}\n");
            assertThat(r.next().at("/result/contents/0/text").asText()).isEqualTo("hello");
            Thread.sleep(2);
        }
        // Now nothing is read: two 64 KiB answers fill the pipe, and the third request's run blocks.
        for (int id = 100_000; id < 100_004; id++) {
            r.send("{\"jsonrpc\":\"2.0\",\"id\":" + id
                    + ",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://big\"}}\n");
        }
        Eventually.await(
                "the reading to move to another thread", Duration.ofSeconds(10), () -> readers() - readersBefore >= 2);
        // The reading thread that moved on still answers: a ping gets its answer once the client reads again.
        r.send("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"ping\"}\n");
        String last = null;
        for (int i = 0; i < 5 && last == null; i++) {
            JsonNode answer = r.next();
            if (answer.at("/id").asText().equals("last")) {
                last = answer.toString();
            }
        }
        assertThat(last).as("the ping's answer").contains("\"result\"");
        // The input ends; what is left is read, and the server ends with its threads.
        r.toServer().close();
        while (r.fromServer().readLine() != null) {
            // the rest of the big answers
        }
        r.done().get(15, TimeUnit.SECONDS);
    }

    /** Threads of stdio servers that read their input or run what they read (other tests' may be ending). */
    private static long readers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("reservoir-stdin-")
                        && !t.getName().endsWith("watchdog"))
                .count();
    }

    /** The counter's value once it has not changed for {@code quiet}; fails if it does not settle within 30 s. */
    private static long awaitSettled(AtomicLong counter, Duration quiet) {
        var last = new Object() {
            long value = -1;
            long since = System.nanoTime();
        };
        return Eventually.await(
                "the count to stay put for " + quiet,
                Duration.ofSeconds(30),
                () -> {
                    long now = counter.get();
                    if (now != last.value) {
                        last.value = now;
                        last.since = System.nanoTime();
                    }
                    return now;
                },
                now -> System.nanoTime() - last.since >= quiet.toNanos());
    }
}
