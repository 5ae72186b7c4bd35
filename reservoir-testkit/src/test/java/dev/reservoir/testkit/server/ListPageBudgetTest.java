package dev.reservoir.testkit.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.McpServerBuilder;
import dev.reservoir.testkit.TestClient;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Without a page size, resources/list pages hold as many resources as fit in about an eighth of
 * the largest message: ten thousand small resources come in one answer, large ones in pages that
 * each stay well under what a client reads whole, and every resource is listed once, in order.
 */
class ListPageBudgetTest {

    private static McpServer server(long maxMessageBytes, int count, int nameLength) {
        McpServerBuilder builder =
                McpServer.builder().serverInfo("paged", "1.0").maxMessageBytes(maxMessageBytes);
        String padding = "n".repeat(nameLength);
        for (int i = 0; i < count; i++) {
            builder.resource(Resource.builder("test://item/" + i, padding + i).build(), "x");
        }
        return builder.build();
    }

    /** Every page of resources/list, as (resources, raw size) pairs. */
    private static List<JsonNode> pages(TestClient client, List<Integer> sizes) {
        List<JsonNode> pages = new ArrayList<>();
        String cursor = null;
        int n = 0;
        do {
            String id = "list" + n++;
            client.expect(id, "resources/list");
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/list\""
                    + (cursor == null ? "" : ",\"params\":{\"cursor\":\"" + cursor + "\"}") + "}");
            JsonNode answer = client.awaitResponse(id);
            assertThat(answer.has("result")).as("page %d: %s", n, answer).isTrue();
            pages.add(answer.at("/result/resources"));
            sizes.add(client.rawSize(id));
            JsonNode next = answer.at("/result/nextCursor");
            cursor = next.isMissingNode() || next.isNull() ? null : next.asText();
        } while (cursor != null && n < 10_000);
        return pages;
    }

    private static List<String> uris(List<JsonNode> pages) {
        List<String> uris = new ArrayList<>();
        pages.forEach(page -> page.forEach(r -> uris.add(r.get("uri").asText())));
        return uris;
    }

    private static List<String> expected(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> "test://item/" + i)
                .sorted()
                .toList();
    }

    @Test
    void tenThousandSmallResourcesComeInOneAnswer() {
        try (McpServer server = server(McpServerBuilder.DEFAULT_MAX_MESSAGE_BYTES, 10_000, 4);
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            List<Integer> sizes = new ArrayList<>();
            List<JsonNode> pages = pages(client, sizes);
            assertThat(pages).hasSize(1);
            assertThat(uris(pages)).containsExactlyElementsOf(expected(10_000));
        }
    }

    @Test
    void largeResourcesComeInPagesWellUnderTheLargestMessage() {
        long cap = 256 << 10;
        try (McpServer server = server(cap, 3_000, 200);
                TestClient client =
                        TestClient.connect(server).capMessages(cap).initialize(ProtocolRevision.V2025_11_25)) {
            List<Integer> sizes = new ArrayList<>();
            List<JsonNode> pages = pages(client, sizes);
            assertThat(pages).as("about 700 KB in pages of about 32 KB").hasSizeGreaterThan(10);
            assertThat(sizes).allSatisfy(size -> assertThat(size).isLessThan((int) (cap / 4)));
            assertThat(uris(pages)).containsExactlyElementsOf(expected(3_000));
        }
    }

    @Test
    void aPageSizeSetByTheOperatorHoldsThatManyResources() {
        McpServerBuilder builder = McpServer.builder().pageSize(100);
        for (int i = 0; i < 250; i++) {
            builder.resource(Resource.builder("test://item/" + i, "n" + i).build(), "x");
        }
        try (McpServer server = builder.build();
                TestClient client = TestClient.connect(server).initialize(ProtocolRevision.V2025_11_25)) {
            List<JsonNode> pages = pages(client, new ArrayList<>());
            assertThat(pages.stream().map(JsonNode::size)).containsExactly(100, 100, 50);
            assertThat(uris(pages)).containsExactlyElementsOf(expected(250));
        }
    }
}
