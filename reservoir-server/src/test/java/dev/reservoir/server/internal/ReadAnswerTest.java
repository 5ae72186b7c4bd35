package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.CacheScope;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.WireFormat;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A read answer held in memory never writes more than its most ({@link ReadAnswer#inMemoryMost}),
 * which the message cap trusts to send it unmeasured; one with a streamed item has no most.
 */
class ReadAnswerTest {

    private static ReadAnswer answer(
            List<ResourceContent> contents, CacheHint hint, Implementation info, WireFormat wire) {
        return new ReadAnswer(
                contents.getFirst().resource().uri(),
                ReadResult.of(contents),
                contents,
                hint,
                new ReadAnswer.Context(wire, info, new StreamBudget(4), Duration.ofSeconds(1), Long.MAX_VALUE, 65536));
    }

    private static long written(ReadAnswer answer) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonRpcCodec.standard().writeValue(answer, out);
        return out.size();
    }

    @Test
    void anAnswerInMemoryNeverTakesMoreThanItsMost() throws IOException {
        SplittableRandom random = new SplittableRandom(2026);
        long tightest = Long.MAX_VALUE;
        for (int i = 0; i < 600; i++) {
            List<ResourceContent> contents = new ArrayList<>();
            for (int n = random.nextInt(1, 4); n > 0; n--) {
                Resource r = PageBudgetTest.resource(random, i % 10 == 0);
                ContentBody body = random.nextBoolean()
                        ? ContentBody.text(PageBudgetTest.adversarial(random, 2000))
                        : ContentBody.bytes(new byte[random.nextInt(3000)]);
                contents.add(new ResourceContent(r, body));
            }
            String title = random.nextBoolean() ? PageBudgetTest.adversarial(random, 30) : null;
            Implementation info = random.nextInt(4) == 0
                    ? null
                    : new Implementation(
                            PageBudgetTest.adversarial(random, 30), PageBudgetTest.adversarial(random, 20), title);
            CacheHint hint = random.nextBoolean()
                    ? null
                    : CacheHint.of(
                            Duration.ofMillis(Long.MAX_VALUE),
                            random.nextBoolean() ? CacheScope.PUBLIC : CacheScope.PRIVATE);
            for (WireFormat wire : PageBudgetTest.everyFormat()) {
                ReadAnswer answer = answer(contents, hint, info, wire);
                long most = answer.inMemoryMost();
                long written = written(answer);
                assertThat(written).as("answer %d in %s", i, wire).isLessThanOrEqualTo(most);
                tightest = Math.min(tightest, most - written);
            }
        }
        // Texts of control characters come close: counting a character at fewer than six bytes fails above.
        assertThat(tightest).isLessThan(2000);
    }

    @Test
    void aTextAndTheServersNameCountAtTheirEscapes() throws IOException {
        // Only one of them holds anything large: a bound that counted it at less fails here.
        String worst = "\u0001".repeat(10_000);
        Resource r = Resource.builder("x:a", "n").build();
        List<ResourceContent> contents = List.of(new ResourceContent(r, ContentBody.text("")));
        long largestText = 0;
        for (WireFormat wire : PageBudgetTest.everyFormat()) {
            ReadAnswer answer = answer(List.of(new ResourceContent(r, ContentBody.text(worst))), null, null, wire);
            long written = written(answer);
            assertThat(written)
                    .as("a text of control characters in %s", wire)
                    .isLessThanOrEqualTo(answer.inMemoryMost());
            largestText = Math.max(largestText, written);
        }
        assertThat(largestText).isGreaterThan(60_000);
        for (Implementation info : List.of(
                new Implementation(worst, "1", null),
                new Implementation("n", worst, null),
                new Implementation("n", "1", worst))) {
            long largest = 0;
            for (WireFormat wire : PageBudgetTest.everyFormat()) {
                ReadAnswer answer = answer(contents, null, info, wire);
                long written = written(answer);
                assertThat(written).as("%s in %s", info, wire).isLessThanOrEqualTo(answer.inMemoryMost());
                largest = Math.max(largest, written);
            }
            assertThat(largest).as("a format that writes the server's name").isGreaterThan(60_000);
        }
    }

    @Test
    void aStreamedItemHasNoMost() {
        Resource r = Resource.builder("x:a", "n").build();
        List<ResourceContent> contents = List.of(
                new ResourceContent(r, ContentBody.text("held")),
                new ResourceContent(r, ContentBody.binaryStream(() -> new ByteArrayInputStream(new byte[3]), 3)));
        assertThat(answer(contents, null, null, PageBudgetTest.everyFormat().getFirst())
                        .inMemoryMost())
                .isEqualTo(-1);
    }

    @Test
    void theCapSendsAnAnswerWhoseMostFitsAsItIs() {
        Resource r = Resource.builder("x:a", "n").build();
        ReadAnswer answer = answer(
                List.of(new ResourceContent(r, ContentBody.text("x".repeat(1000)))),
                null,
                null,
                PageBudgetTest.everyFormat().getFirst());
        JsonRpcResult result = new JsonRpcResult(RequestId.of(1), answer);
        assertThat(new MessageCap(answer.inMemoryMost() + 64).fit(result)).isSameAs(result);
        // A cap below its most: written once to be measured, and sent as those bytes (it fits).
        assertThat(new MessageCap(2_000).fit(result)).isNotSameAs(result).isInstanceOf(JsonRpcResult.class);
    }
}
