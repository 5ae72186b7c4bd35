package dev.reservoir.core.protocol;

import static dev.reservoir.core.protocol.ProtocolRevision.V2024_11_05;
import static dev.reservoir.core.protocol.ProtocolRevision.V2025_03_26;
import static dev.reservoir.core.protocol.ProtocolRevision.V2025_06_18;
import static dev.reservoir.core.protocol.ProtocolRevision.V2025_11_25;
import static dev.reservoir.core.protocol.ProtocolRevision.V2026_07_28;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Which revisions have each feature, as the official schema of each revision shows it. */
class ProtocolRevisionTest {

    private static List<ProtocolRevision> having(Predicate<ProtocolRevision> feature) {
        return Arrays.stream(ProtocolRevision.values()).filter(feature).toList();
    }

    @Test
    void toolsHaveTitlesFrom2025_06_18() {
        assertThat(having(ProtocolRevision::hasTitles)).containsExactly(V2025_06_18, V2025_11_25, V2026_07_28);
    }

    @Test
    void toolsHaveAnnotationsFrom2025_03_26() {
        assertThat(having(ProtocolRevision::hasToolAnnotations))
                .containsExactly(V2025_03_26, V2025_06_18, V2025_11_25, V2026_07_28);
    }

    @Test
    void toolResultsHaveResourceLinksFrom2025_06_18() {
        assertThat(having(ProtocolRevision::hasResourceLinks)).containsExactly(V2025_06_18, V2025_11_25, V2026_07_28);
    }

    @Test
    void capabilitiesHaveAnExtensionsMapOnlyIn2026_07_28() {
        assertThat(having(ProtocolRevision::hasExtensionsCapability)).containsExactly(V2026_07_28);
    }

    @Test
    void serversDeclareALoggingCapabilityOnlyInTheSessionEra() {
        assertThat(having(ProtocolRevision::hasLoggingCapability))
                .containsExactly(V2024_11_05, V2025_03_26, V2025_06_18, V2025_11_25);
    }

    @Test
    void newestStatefulSkipsTheStatelessEra() {
        assertThat(ProtocolRevision.newestStateful(Set.of(ProtocolRevision.values())))
                .contains(V2025_11_25);
        assertThat(ProtocolRevision.newestStateful(Set.of(V2024_11_05, V2025_06_18, V2026_07_28)))
                .contains(V2025_06_18);
        assertThat(ProtocolRevision.newestStateful(Set.of(V2026_07_28))).isEmpty();
    }
}
