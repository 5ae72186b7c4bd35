package dev.reservoir.console.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueryTest {

    private static Resource r(String uri, String mime, Long size, Double priority, String modified, Role... audience) {
        return Resource.builder(uri, uri.substring(uri.lastIndexOf('/') + 1))
                .title("Title of " + uri.substring(uri.lastIndexOf('/') + 1))
                .description("about " + uri)
                .mimeType(mime)
                .size(size)
                .annotations(
                        new Annotations(List.of(audience), priority, modified == null ? null : Instant.parse(modified)))
                .build();
    }

    private static Query query(String text, String mime) {
        return new Query(text, mime, null, null, null, null, Query.Sort.SERVER, false);
    }

    private static boolean matches(Query q, Resource r) {
        return q.matches(r, Query.haystack(r));
    }

    @Test
    void searchLooksAtNameTitleDescriptionAndUriIgnoringCase() {
        Resource readme = r("file:///docs/README.md", "text/markdown", 10L, null, null);
        assertThat(matches(query("readme", ""), readme)).isTrue();
        assertThat(matches(query("TITLE OF", ""), readme)).isTrue();
        assertThat(matches(query("about file", ""), readme)).isTrue();
        assertThat(matches(query("///docs", ""), readme)).isTrue();
        assertThat(matches(query("invoice", ""), readme)).isFalse();
    }

    @Test
    void mimeFiltersTakeATypeOrAFamily() {
        Resource png = r("x://a.png", "image/png", 1L, null, null);
        Resource text = r("x://a.txt", "text/plain; charset=utf-8", 1L, null, null);
        assertThat(matches(query("", "image/"), png)).isTrue();
        assertThat(matches(query("", "image/*"), png)).isTrue();
        assertThat(matches(query("", "image"), png)).isTrue();
        assertThat(matches(query("", "image/png"), png)).isTrue();
        assertThat(matches(query("", "image/jpeg"), png)).isFalse();
        assertThat(matches(query("", "text/plain"), text))
                .as("parameters are ignored")
                .isTrue();
        assertThat(matches(query("", "text"), png)).isFalse();
    }

    @Test
    void audienceSinceAndSizeFiltersLeaveOutWhatLacksTheField() {
        Resource forUser = r("x://u", "text/plain", 100L, null, "2026-03-01T00:00:00Z", Role.USER);
        Resource bare = r("x://b", "text/plain", null, null, null);
        Query user = new Query("", "", Role.USER, null, null, null, Query.Sort.SERVER, false);
        assertThat(matches(user, forUser)).isTrue();
        assertThat(matches(user, bare)).isFalse();
        Query recent =
                new Query("", "", null, Instant.parse("2026-02-01T00:00:00Z"), null, null, Query.Sort.SERVER, false);
        assertThat(matches(recent, forUser)).isTrue();
        assertThat(matches(recent, bare)).isFalse();
        Query small = new Query("", "", null, null, 50L, 100L, Query.Sort.SERVER, false);
        assertThat(matches(small, forUser)).isTrue();
        assertThat(matches(small, bare)).isFalse();
    }

    @Test
    void sortingPutsMissingValuesLastInBothDirections() {
        List<Resource> items = new ArrayList<>(List.of(
                r("x://b", null, 20L, 0.2, null),
                r("x://a", null, null, 0.9, null),
                r("x://c", null, 10L, null, null)));
        items.sort(new Query("", "", null, null, null, null, Query.Sort.SIZE, false).comparator());
        assertThat(items).extracting(Resource::uri).containsExactly("x://c", "x://b", "x://a");
        items.sort(new Query("", "", null, null, null, null, Query.Sort.SIZE, true).comparator());
        assertThat(items).extracting(Resource::uri).containsExactly("x://b", "x://c", "x://a");
        items.sort(new Query("", "", null, null, null, null, Query.Sort.PRIORITY, true).comparator());
        assertThat(items).extracting(Resource::uri).containsExactly("x://a", "x://b", "x://c");
        items.sort(new Query("", "", null, null, null, null, Query.Sort.NAME, false).comparator());
        assertThat(items).extracting(Resource::uri).containsExactly("x://a", "x://b", "x://c");
    }
}
