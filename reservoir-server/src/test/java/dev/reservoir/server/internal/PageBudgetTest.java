package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcErrorResponse;
import dev.reservoir.core.jsonrpc.JsonRpcMessage;
import dev.reservoir.core.jsonrpc.JsonRpcResult;
import dev.reservoir.core.jsonrpc.RequestId;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Icon;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.core.protocol.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A resource's most bytes ({@link PageBudget#most}) are never fewer than what any wire format
 * writes of it, whatever its strings hold; and the message cap sends a result whose most fits
 * without writing it first.
 */
class PageBudgetTest {

    /** Characters that cost the most bytes written: control characters, quotes, backslashes, non-ASCII. */
    private static final String[] PIECES = {
        "\u0000", "\u0001", "\u001f", "\"", "\\", "/", "\u007f", "\u00e9", "\u20ac", "\ud83d\ude00", "\ufffd", "a", "\n"
    };

    static String adversarial(SplittableRandom random, int most) {
        StringBuilder b = new StringBuilder();
        for (int i = random.nextInt(most + 1); i > 0; i--) {
            b.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return b.toString();
    }

    static List<WireFormat> everyFormat() {
        List<WireFormat> formats = new ArrayList<>();
        for (ProtocolRevision revision : ProtocolRevision.values()) {
            formats.add(new WireFormat(revision, false, false));
            formats.add(new WireFormat(revision, true, false));
            formats.add(new WireFormat(revision, false, true));
            formats.add(new WireFormat(revision, true, true));
        }
        return formats;
    }

    static Resource resource(SplittableRandom random, boolean everything) {
        // A URI is checked (no control character or space in it), so only its name holds anything.
        Resource.Builder b =
                Resource.builder("x:/" + "%E2%82%AC/a~b".repeat(random.nextInt(10)), adversarial(random, 40));
        if (everything || random.nextBoolean()) {
            b.title(adversarial(random, 30))
                    .description(adversarial(random, 80))
                    .mimeType("text/" + adversarial(random, 8));
        }
        if (everything || random.nextBoolean()) {
            b.size(random.nextBoolean() ? Long.MAX_VALUE : random.nextLong(0, Long.MAX_VALUE));
        }
        if (everything || random.nextBoolean()) {
            List<Icon> icons = new ArrayList<>();
            for (int i = random.nextInt(1, 4); i > 0; i--) {
                icons.add(new Icon(
                        "data:" + adversarial(random, 50),
                        adversarial(random, 10),
                        List.of(adversarial(random, 6), "48x48", ""),
                        random.nextBoolean() ? "light" : "dark"));
            }
            b.icons(icons);
        }
        if (everything || random.nextBoolean()) {
            List<Role> audience = new ArrayList<>();
            for (int i = random.nextInt(0, 6); i > 0; i--) {
                audience.add(random.nextBoolean() ? Role.USER : Role.ASSISTANT);
            }
            b.annotations(new Annotations(
                    audience,
                    random.nextBoolean() ? Double.MIN_VALUE : 0.30000000000000004,
                    everything ? Instant.MAX : Instant.MIN));
        }
        if (everything || random.nextBoolean()) {
            ObjectNode meta = JsonNodeFactory.instance.objectNode();
            meta.put(adversarial(random, 10), adversarial(random, 40));
            meta.put("n", new BigDecimal("1e-400"));
            meta.putArray("a")
                    .add(adversarial(random, 10))
                    .add(Double.MIN_VALUE)
                    .addNull();
            b.meta(meta);
        }
        if (everything || random.nextBoolean()) {
            b.isCollection(random.nextBoolean());
        }
        return b.build();
    }

    private static long written(WireFormat wire, Resource r) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var g = JsonRpcCodec.standard().generator(out)) {
            wire.writeResource(g, r);
        }
        return out.size();
    }

    @Test
    void aResourceNeverTakesMoreThanItsMost() throws IOException {
        SplittableRandom random = new SplittableRandom(2093);
        List<WireFormat> formats = everyFormat();
        long tightest = Long.MAX_VALUE;
        for (int i = 0; i < 3000; i++) {
            Resource r = resource(random, i % 10 == 0);
            long most = PageBudget.most(r);
            for (WireFormat wire : formats) {
                long written = written(wire, r);
                assertThat(written).as("resource %d in %s: %s", i, wire, r).isLessThanOrEqualTo(most);
                tightest = Math.min(tightest, most - written);
            }
        }
        // The strings of control characters come close: a bound that allowed less than six bytes a
        // character would fail above.
        assertThat(tightest).isLessThan(2000);
    }

    @Test
    void everyStringCountsAtItsEscapes() throws IOException {
        // Each field that holds a string, alone holding 10,000 control characters (six bytes each
        // written): a bound that counts fewer for any one of them fails here, where the slack for
        // punctuation cannot hide it.
        String worst = "\u0001".repeat(10_000);
        ObjectNode meta = JsonNodeFactory.instance.objectNode().put("k", worst);
        Icon plain = Icon.of("data:,");
        List<Resource> resources = List.of(
                Resource.builder("x:a", worst).build(),
                Resource.builder("x:a", "n").title(worst).build(),
                Resource.builder("x:a", "n").description(worst).build(),
                Resource.builder("x:a", "n").mimeType(worst).build(),
                Resource.builder("x:a", "n").icons(List.of(Icon.of(worst))).build(),
                Resource.builder("x:a", "n")
                        .icons(List.of(new Icon("data:,", worst, List.of(), null)))
                        .build(),
                Resource.builder("x:a", "n")
                        .icons(List.of(new Icon("data:,", null, List.of(worst), null)))
                        .build(),
                Resource.builder("x:a", "n")
                        .icons(java.util.Collections.nCopies(2000, plain))
                        .build(),
                Resource.builder("x:a", "n")
                        .annotations(
                                new Annotations(java.util.Collections.nCopies(5000, Role.ASSISTANT), 1.0, Instant.MAX))
                        .build(),
                Resource.builder("x:a", "n").meta(meta).build());
        for (Resource r : resources) {
            long most = PageBudget.most(r);
            long largest = 0;
            for (WireFormat wire : everyFormat()) {
                long written = written(wire, r);
                assertThat(written).as("%s in %s", r, wire).isLessThanOrEqualTo(most);
                largest = Math.max(largest, written);
            }
            assertThat(largest)
                    .as("what the format with most fields writes of %s", r)
                    .isGreaterThan(20_000);
        }
    }

    @Test
    void aBoundedResultThatFitsIsSentUnwritten() {
        MessageCap cap = new MessageCap(10_000);
        JsonRpcResult fits = new JsonRpcResult(
                RequestId.of(1),
                new BoundedResult(
                        g -> {
                            throw new AssertionError("written before it was sent");
                        },
                        9_000));
        assertThat(cap.fit(fits)).isSameAs(fits);
    }

    @Test
    void aBoundedResultThatMayNotFitIsMeasured() throws IOException {
        MessageCap cap = new MessageCap(10_000);
        // Its most passes the cap, what it writes does not: written once, and sent.
        JsonRpcResult small =
                new JsonRpcResult(RequestId.of(2), new BoundedResult(g -> g.writeString("x".repeat(100)), 20_000));
        JsonRpcMessage sent = cap.fit(small);
        assertThat(sent).isNotSameAs(small).isInstanceOf(JsonRpcResult.class);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonRpcCodec.standard().write(sent, out);
        assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("x".repeat(100));
        // What it writes passes the cap: refused.
        JsonRpcResult large =
                new JsonRpcResult(RequestId.of(3), new BoundedResult(g -> g.writeString("x".repeat(20_000)), 30_000));
        assertThat(cap.fit(large)).isInstanceOf(JsonRpcErrorResponse.class);
    }
}
