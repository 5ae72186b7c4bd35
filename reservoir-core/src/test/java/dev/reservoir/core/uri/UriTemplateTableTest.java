package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UriTemplateTableTest {

    private static UriTemplate t(String template) {
        return UriTemplate.parse(template);
    }

    private static String owner(UriTemplateTable<String> table, String uri) {
        return table.find(uri).map(UriTemplateTable.Hit::owner).orElse(null);
    }

    @Test
    void mostSpecificTemplateWinsWhateverTheRegistrationOrder() {
        List<String> templates = List.of("test://{+rest}", "test://a/{x}", "test://a/b");
        for (int rotation = 0; rotation < templates.size(); rotation++) {
            UriTemplateTable<String> table = new UriTemplateTable<>();
            for (int i = 0; i < templates.size(); i++) {
                String template = templates.get((i + rotation) % templates.size());
                table.register(t(template), template);
            }
            assertThat(owner(table, "test://a/b")).isEqualTo("test://a/b");
            assertThat(owner(table, "test://a/c")).isEqualTo("test://a/{x}");
            assertThat(owner(table, "test://a/c/d")).isEqualTo("test://{+rest}");
            assertThat(owner(table, "test://z")).isEqualTo("test://{+rest}");
            assertThat(owner(table, "other://a/b")).isNull();
        }
    }

    @Test
    void hitCarriesTemplateOwnerAndDecodedVariables() {
        UriTemplateTable<Integer> table = new UriTemplateTable<>();
        table.register(t("test://a/{x}"), 7);
        UriTemplateTable.Hit<Integer> hit = table.find("test://a/%C3%A9").orElseThrow();
        assertThat(hit.template()).isEqualTo(t("test://a/{x}"));
        assertThat(hit.owner()).isEqualTo(7);
        assertThat(hit.match().get("x")).contains("é");
    }

    @Test
    void specificityOrdersByLiteralsThenVariablesThenPermissivenessThenExplosion() {
        List<UriTemplate> templates = new ArrayList<>(List.of(
                t("test://p{/a*}"),
                t("test://p{/a}"),
                t("test://p{+a}"),
                t("test://p{a,b}"),
                t("test://p/x{a}"),
                t("test://p/x/y")));
        templates.sort(UriTemplateTable.SPECIFICITY);
        assertThat(templates)
                .extracting(UriTemplate::template)
                .containsExactly(
                        "test://p/x/y",
                        "test://p/x{a}",
                        "test://p{/a}",
                        "test://p{/a*}",
                        "test://p{+a}",
                        "test://p{a,b}");
        assertThat(UriTemplateTable.SPECIFICITY.compare(t("s:{a}"), t("s:{b}"))).isZero();
    }

    @Test
    void lessPermissiveAndUnexplodedTemplatesWinTies() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        table.register(t("test://p/{+x}"), "reserved");
        table.register(t("test://p/{x}"), "simple");
        table.register(t("test://q{/a*}"), "exploded");
        table.register(t("test://q{/a}"), "single");
        assertThat(owner(table, "test://p/a")).isEqualTo("simple");
        assertThat(owner(table, "test://p/a/b")).isEqualTo("reserved");
        assertThat(owner(table, "test://q/a")).isEqualTo("single");
        assertThat(owner(table, "test://q/a/b")).isEqualTo("exploded");
    }

    @Test
    void refusesAmbiguousTemplatesNamingBoth() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        table.register(t("test://{a}/x"), "a");
        assertThatThrownBy(() -> table.register(t("test://{b}/x"), "b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("template 'test://{b}/x' is ambiguous with 'test://{a}/x': both match 'test://x/x';"
                        + " make one more specific or merge them");
        assertThatThrownBy(() -> table.register(t("test://x/{b}"), "b"))
                .hasMessageContaining("both match 'test://x/x'");
        table.register(t("test://{+b}/x"), "b"); // less specific, so the overlap is resolved, not ambiguous
        assertThat(owner(table, "test://x/x")).isEqualTo("a");
        assertThat(owner(table, "test://x/y/x")).isEqualTo("b");
    }

    @Test
    void optionalExpressionsThatAreBothAbsentAreAmbiguous() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        table.register(t("test://s{?a}"), "a");
        assertThatThrownBy(() -> table.register(t("test://s{?b}"), "b")).hasMessageContaining("both match 'test://s'");
    }

    @Test
    void equallySpecificTemplatesThatCannotOverlapAreAccepted() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        table.register(t("test://a/{x}"), "a");
        table.register(t("test://b/{x}"), "b");
        table.register(t("test://{x}.json"), "json");
        table.register(t("test://{x}.yaml"), "yaml");
        assertThat(owner(table, "test://b/1")).isEqualTo("b");
        assertThat(owner(table, "test://1.yaml")).isEqualTo("yaml");
    }

    @Test
    void refusesDuplicatesAndUnmatchableTemplates() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        table.register(t("test://{a}"), "first");
        assertThatThrownBy(() -> table.register(t("test://{a}"), "second"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("template 'test://{a}' is already registered");
        assertThatThrownBy(() -> table.register(t("test://{a:3}/x"), "prefix"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("uses a prefix modifier");
        assertThat(table.templates()).containsExactly(t("test://{a}"));
    }

    @Test
    void unregisterRemovesAndTemplatesKeepRegistrationOrder() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        table.register(t("test://a/b"), "static");
        table.register(t("test://{+rest}"), "rest");
        table.register(t("test://a/{x}"), "x");
        assertThat(table.templates())
                .extracting(UriTemplate::template)
                .containsExactly("test://a/b", "test://{+rest}", "test://a/{x}");
        assertThat(table.unregister(t("test://a/b"))).isTrue();
        assertThat(table.unregister(t("test://a/b"))).isFalse();
        assertThat(owner(table, "test://a/b")).isEqualTo("x");
        assertThat(table.templates())
                .extracting(UriTemplate::template)
                .containsExactly("test://{+rest}", "test://a/{x}");
        table.register(t("test://a/b"), "again");
        assertThat(owner(table, "test://a/b")).isEqualTo("again");
    }

    @Test
    void anUnsafeValueInTheMostSpecificTemplateIsNotHandedToALessSpecificOne() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        table.register(t("test://files/{+path}"), "files");
        table.register(t("test://{+any}").withUnsafeValuesAllowed(), "any");
        assertThatThrownBy(() -> table.find("test://files/a/../b"))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("variable 'path'");
        assertThat(owner(table, "test://other/../b")).isEqualTo("any");
    }

    @Test
    void indexFindsTheRightTemplateAmongAThousand() {
        UriTemplateTable<String> table = new UriTemplateTable<>();
        assertTimeout(Duration.ofSeconds(10), () -> {
            for (int i = 0; i < 1000; i++) {
                table.register(t("bench://svc" + i + "/items/{id}"), "svc" + i);
            }
            table.register(t("bench://svc1/items/{id}/detail"), "detail");
            table.register(t("bench://svc12/{+rest}"), "rest12");
            table.register(t("bench://svc{n}/other"), "other");
            table.register(t("bench://{+any}"), "any");
        });
        assertThat(table.templates()).hasSize(1004);
        assertTimeout(Duration.ofSeconds(10), () -> {
            for (int round = 0; round < 10; round++) {
                for (int i = 0; i < 1000; i++) {
                    UriTemplateTable.Hit<String> hit =
                            table.find("bench://svc" + i + "/items/" + round).orElseThrow();
                    assertThat(hit.owner()).isEqualTo("svc" + i);
                    assertThat(hit.match().get("id")).contains(Integer.toString(round));
                }
            }
        });
        assertThat(owner(table, "bench://svc1/items/7/detail")).isEqualTo("detail");
        assertThat(owner(table, "bench://svc12/x/y")).isEqualTo("rest12");
        assertThat(owner(table, "bench://svc12/items/5")).isEqualTo("svc12");
        assertThat(owner(table, "bench://svc77/other")).isEqualTo("other");
        assertThat(owner(table, "bench://svc1000/items/5")).isEqualTo("any");
        assertThat(owner(table, "bench://svc5/items/5/x")).isEqualTo("any");
        assertThat(owner(table, "other://svc5/items/5")).isNull();
        assertThat(table.unregister(t("bench://svc500/items/{id}"))).isTrue();
        assertThat(owner(table, "bench://svc500/items/5")).isEqualTo("any");
        assertThat(owner(table, "bench://svc501/items/5")).isEqualTo("svc501");
    }

    @Test
    void lookupsRunConcurrentlyWithRegistrations() throws Exception {
        UriTemplateTable<Integer> table = new UriTemplateTable<>();
        table.register(t("test://stable/{id}"), -1);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> readers = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                readers.add(pool.submit(() -> {
                    for (int i = 0; i < 2000; i++) {
                        assertThat(table.find("test://stable/" + i)
                                        .orElseThrow()
                                        .owner())
                                .isEqualTo(-1);
                    }
                }));
            }
            Future<?> writer = pool.submit(() -> {
                for (int i = 0; i < 300; i++) {
                    table.register(t("test://s" + i + "/{id}"), i);
                }
            });
            writer.get(30, TimeUnit.SECONDS);
            for (Future<?> reader : readers) {
                reader.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(table.find("test://s299/x").orElseThrow().owner()).isEqualTo(299);
    }
}
