package dev.reservoir.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.reservoir.core.model.Resource;
import java.io.StringWriter;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** SEP-2093's rules for reads and resources/metadata, as WireFormat applies them. */
class WireFormatSep2093Test {

    private static final ProtocolRevision REV = ProtocolRevision.V2025_11_25;
    private static final WireFormat PLAIN = WireFormat.of(REV);
    private static final WireFormat SEED = new WireFormat(REV, true, false);
    private static final WireFormat DRAFT = new WireFormat(REV, false, true);

    @Test
    void equalFormatsFromOfAndForClientAreOneInstance() {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var none = json.createObjectNode();
        var seed = json.createObjectNode();
        seed.putObject("experimental").putObject(Sep2093.EXTENSION_ID);
        var both = seed.deepCopy();
        both.withObject("experimental").putObject(Sep2093.CAPABILITIES_EXTENSION_ID);
        for (ProtocolRevision revision : ProtocolRevision.values()) {
            assertThat(WireFormat.forClient(revision, none))
                    .isSameAs(WireFormat.forClient(revision, none.deepCopy()))
                    .isSameAs(WireFormat.of(revision))
                    .isEqualTo(new WireFormat(revision, false, false));
            assertThat(WireFormat.forClient(revision, seed))
                    .isSameAs(WireFormat.forClient(revision, seed.deepCopy()))
                    .isEqualTo(new WireFormat(revision, true, false));
            assertThat(WireFormat.forClient(revision, both))
                    .isSameAs(WireFormat.forClient(revision, both.deepCopy()))
                    .isEqualTo(new WireFormat(revision, true, true));
            assertThat(WireFormat.of(revision).forMetadata()).isSameAs(WireFormat.forClient(revision, seed));
        }
        assertThat(WireFormat.of(ProtocolRevision.V2025_11_25))
                .isNotEqualTo(WireFormat.of(ProtocolRevision.V2025_06_18));
    }

    @Test
    void metadataIsAlwaysInASep2093FormTheDraftOneWhenChosen() {
        assertThat(PLAIN.forMetadata()).isEqualTo(new WireFormat(REV, true, false));
        assertThat(SEED.forMetadata()).isEqualTo(SEED);
        assertThat(DRAFT.forMetadata()).isEqualTo(DRAFT);
        assertThat(new WireFormat(REV, true, true).forMetadata()).isEqualTo(new WireFormat(REV, true, true));
    }

    @Test
    void aReadOfANonCollectionKeepsOnlyItsOwnItemsWithSep2093() {
        Resource file = Resource.builder("file:///a", "a").isCollection(false).build();
        Resource other = Resource.builder("file:///b", "b").build();
        List<Resource> items = List.of(file, other);
        assertThat(SEED.ownContents("file:///a", items, Function.identity())).containsExactly(file);
        assertThat(DRAFT.ownContents("file:///a", items, Function.identity())).containsExactly(file);
        assertThat(PLAIN.ownContents("file:///a", items, Function.identity())).containsExactly(file, other);
    }

    @Test
    void aReadOfACollectionOrOfAnUnmarkedResourceKeepsEveryItem() {
        Resource folder = Resource.builder("file:///d/", "d").isCollection(true).build();
        Resource unmarked = Resource.builder("file:///a", "a").build();
        Resource child = Resource.builder("file:///d/x", "x").build();
        assertThat(SEED.ownContents("file:///d/", List.of(folder, child), Function.identity()))
                .containsExactly(folder, child);
        assertThat(SEED.ownContents("file:///a", List.of(unmarked, child), Function.identity()))
                .containsExactly(unmarked, child);
    }

    @Test
    void withSep2093AnItemWithoutASizeHasTheSizeOfItsBody() throws Exception {
        Resource noSize = Resource.builder("file:///a", "a").build();
        Resource sized = Resource.builder("file:///a", "a").size(99L).build();
        assertThat(header(SEED, noSize, OptionalLong.of(5))).contains("\"size\":5");
        assertThat(header(SEED, sized, OptionalLong.of(5))).contains("\"size\":99");
        assertThat(header(SEED, noSize, OptionalLong.empty())).doesNotContain("size");
        assertThat(header(PLAIN, noSize, OptionalLong.of(5))).doesNotContain("size");
    }

    private static String header(WireFormat wire, Resource r, OptionalLong bodySize) throws Exception {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.writeStartObject();
            wire.writeContentsHeader(g, r, bodySize);
            g.writeEndObject();
        }
        return out.toString();
    }
}
