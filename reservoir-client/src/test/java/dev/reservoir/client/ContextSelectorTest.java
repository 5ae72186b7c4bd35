package dev.reservoir.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.client.ContextSelection.Excluded;
import dev.reservoir.client.ContextSelection.Reason;
import dev.reservoir.client.support.InProcessServer;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.demo.DemoServer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ContextSelectorTest {

    private static Resource r(String name, Long size, Double priority, String modified, Role... audience) {
        return Resource.builder("x://" + name, name)
                .size(size)
                .annotations(new Annotations(
                        List.of(audience), priority, modified == null ? null : Instant.parse(modified + "T00:00:00Z")))
                .build();
    }

    private static Map<String, Reason> reasons(ContextSelection selection) {
        return selection.excluded().stream()
                .collect(Collectors.toMap(e -> e.resource().name(), Excluded::reason));
    }

    @Test
    void ranksByPriorityThenRecencyThenSizeAndFillsGreedily() {
        List<Resource> candidates = List.of(
                r("old-important", 400L, 0.9, "2024-01-01"),
                r("new-important", 400L, 0.9, "2025-06-01"),
                r("huge-required", 5_000L, 1.0, null),
                r("unrated", 100L, null, null),
                r("optional", 50L, 0.1, null),
                r("small-unrated", 10L, null, null));
        ContextSelection plan =
                ContextSelector.plan(candidates, ContextRequest.budget(1_000).planOnly());
        assertThat(plan.uris())
                .containsExactly(
                        "x://new-important", "x://old-important", "x://small-unrated", "x://unrated", "x://optional");
        assertThat(plan.usedBytes()).isEqualTo(960);
        // The required one does not fit: left out whole, never cut; smaller ones after it still go in.
        assertThat(reasons(plan)).containsExactly(Map.entry("huge-required", Reason.OVER_BUDGET));
        ContextSelection tight =
                ContextSelector.plan(candidates, ContextRequest.budget(850).planOnly());
        assertThat(reasons(tight)).containsEntry("optional", Reason.OVER_BUDGET);
    }

    @Test
    void filtersByAudienceFloorAndKind() {
        Resource folder = Resource.builder("x://dir/", "dir").isCollection(true).build();
        List<Resource> candidates = List.of(
                r("for-user", 10L, null, null, Role.USER),
                r("for-both", 10L, null, null, Role.USER, Role.ASSISTANT),
                r("for-anyone", 10L, null, null),
                r("low", 10L, 0.2, null),
                r("no-size", null, 0.9, null),
                folder);
        ContextSelection plan = ContextSelector.plan(
                candidates,
                ContextRequest.budget(1_000)
                        .withAudience(Role.ASSISTANT)
                        .withMinPriority(0.3)
                        .planOnly());
        assertThat(plan.uris()).containsExactlyInAnyOrder("x://for-both", "x://for-anyone");
        assertThat(reasons(plan))
                .containsEntry("for-user", Reason.WRONG_AUDIENCE)
                .containsEntry("low", Reason.LOW_PRIORITY)
                .containsEntry("no-size", Reason.UNKNOWN_SIZE)
                .containsEntry("dir", Reason.COLLECTION);
        ContextSelection withUnknown = ContextSelector.plan(
                candidates, ContextRequest.budget(1_000).withUnknownSizes(true).planOnly());
        assertThat(withUnknown.uris()).endsWith("x://no-size"); // unknown sizes come last
    }

    @Test
    void selectsFromAServerReadingOnlyWhatFits() {
        try (InProcessServer server = InProcessServer.demo();
                McpClient client = server.client().connect();
                ContextSelection selection = client.selectContext(ContextRequest.budget(200)
                        .withAudience(Role.USER)
                        .withCandidates(List.of(
                                client.metadata("test://static-text"),
                                client.metadata(DemoServer.BLOB_URI),
                                client.metadata("demo://collection/notes.txt"),
                                client.metadata("demo://items/0009"))))) {
            // static-text (priority 0.9, 48 bytes) first; notes.txt (no priority: 0.5) fits too; the
            // blob is for users but 4 MiB; item 9 is for the assistant only.
            assertThat(selection.uris()).containsExactly("test://static-text", "demo://collection/notes.txt");
            assertThat(selection.included().getFirst().contents().text()).isEqualTo(DemoServer.STATIC_TEXT);
            assertThat(reasons(selection))
                    .containsEntry("large.bin", Reason.OVER_BUDGET)
                    .containsEntry("item-0009", Reason.WRONG_AUDIENCE);
            assertThat(selection.usedBytes()).isEqualTo(DemoServer.STATIC_TEXT.length() + 30);
        }
    }

    @Test
    void sizesMissingFromTheListAreAskedOfResourcesMetadata() {
        try (InProcessServer server = InProcessServer.demo();
                McpClient client =
                        server.client().revision(ProtocolRevision.V2025_11_25).connect()) {
            Resource bare =
                    Resource.builder("test://static-text", "static-text").build();
            ContextSelection plan = client.selectContext(
                    ContextRequest.budget(1_000).withCandidates(List.of(bare)).planOnly());
            assertThat(plan.included()).singleElement().satisfies(i -> assertThat(i.bytes())
                    .isEqualTo(DemoServer.STATIC_TEXT.length()));
        }
    }
}
