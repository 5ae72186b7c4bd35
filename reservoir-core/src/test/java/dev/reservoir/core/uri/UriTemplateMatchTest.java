package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.junit.jupiter.api.Assertions.assertTimeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Matching URIs against templates: operators, anchoring, decoding and the documented preferences. */
class UriTemplateMatchTest {

    private static Map<String, String> variables(String template, String uri) {
        Optional<UriTemplateMatch> match = UriTemplate.parse(template).match(uri);
        assertThat(match).as("%s matches %s", template, uri).isPresent();
        return match.get().variables();
    }

    private static void noMatch(String template, String uri) {
        assertThat(UriTemplate.parse(template).match(uri))
                .as("%s matches %s", template, uri)
                .isEmpty();
    }

    @Test
    void simpleVariableTakesOneNonEmptySegmentOfUnreservedCharacters() {
        assertThat(variables("test://items/{id}", "test://items/a-1.b_c~")).containsExactly(entry("id", "a-1.b_c~"));
        noMatch("test://items/{id}", "test://items/");
        noMatch("test://items/{id}", "test://items/a/b");
        noMatch("test://items/{id}", "test://items/a,b");
        noMatch("test://items/{id}", "test://items/a?b");
    }

    @Test
    void matchingIsAnchoredAtBothEnds() {
        noMatch("test://items/{id}", "xtest://items/1");
        noMatch("test://items/{id}/x", "test://items/1/xy");
        noMatch("test://static", "test://static/");
        assertThat(variables("test://static", "test://static")).isEmpty();
    }

    @Test
    void valuesArePercentDecodedAsUtf8() {
        assertThat(variables("test://{q}", "test://caf%C3%A9%20au%20lait")).containsExactly(entry("q", "café au lait"));
        assertThat(variables("test://{+p}", "test://a%2Fb/c")).containsExactly(entry("p", "a/b/c"));
    }

    @Test
    void literalsAreComparedInTheirEncodedForm() {
        assertThat(variables("test://café/{x}", "test://caf%C3%A9/1")).containsExactly(entry("x", "1"));
    }

    @Test
    void multipleVariablesFillInOrderAndLaterOnesAreOptional() {
        assertThat(variables("test://{x,y}", "test://1,2")).containsExactly(entry("x", "1"), entry("y", "2"));
        assertThat(variables("test://{x,y}", "test://1")).containsExactly(entry("x", "1"));
        assertThat(variables("test://{x,y}", "test://1,")).containsExactly(entry("x", "1"), entry("y", ""));
        assertThat(variables("test://m{/a,b}", "test://m/1/2")).containsExactly(entry("a", "1"), entry("b", "2"));
        assertThat(variables("test://m{/a,b}", "test://m")).isEmpty();
        assertThat(variables("test://m{.a,b}", "test://m.1.2")).containsExactly(entry("a", "1"), entry("b", "2"));
    }

    @Test
    void reservedAndFragmentValuesMayContainReservedCharacters() {
        assertThat(variables("file:///{+path}", "file:///a/b/c.txt")).containsExactly(entry("path", "a/b/c.txt"));
        assertThat(variables("test://{+base}index", "test://http://example.com/home/index"))
                .containsExactly(entry("base", "http://example.com/home/"));
        assertThat(variables("test://x{#frag}", "test://x#a/b?c")).containsExactly(entry("frag", "a/b?c"));
        assertThat(variables("test://x{#frag}", "test://x")).isEmpty();
        noMatch("file:///{+path}", "file:///a#b");
    }

    @Test
    void reservedValueBeforeAQueryStopsAtTheQuestionMark() {
        String template = "file:///{+path}{?rev,mode}";
        assertThat(variables(template, "file:///a/b?mode=r&rev=2"))
                .containsExactly(entry("path", "a/b"), entry("rev", "2"), entry("mode", "r"));
        assertThat(variables(template, "file:///a/b")).containsExactly(entry("path", "a/b"));
        noMatch(template, "file:///a/b?unknown=1");
    }

    @Test
    void queryParametersComeInAnyOrderAndEachIsOptional() {
        String template = "test://s{?a,b}{&c}";
        assertThat(variables(template, "test://s?c=3&a=1")).containsExactly(entry("a", "1"), entry("c", "3"));
        assertThat(variables(template, "test://s?b=&c")).containsExactly(entry("b", ""), entry("c", ""));
        assertThat(variables(template, "test://s")).isEmpty();
        assertThat(variables("test://s{?a,ab}", "test://s?ab=1")).containsExactly(entry("ab", "1"));
        assertThat(variables("test://s?fixed=yes{&x}", "test://s?fixed=yes&x=1"))
                .containsExactly(entry("x", "1"));
        noMatch(template, "test://s?a=1&a=2"); // one variable cannot have two values
        noMatch(template, "test://s?d=1");
        noMatch(template, "test://s&a=1");
        noMatch(template, "test://s?a=1/2");
    }

    @Test
    void pathParametersAreOptionalAndMayBeBare() {
        assertThat(variables("test://s{;x,y}", "test://s;x=1;y=2")).containsExactly(entry("x", "1"), entry("y", "2"));
        assertThat(variables("test://s{;x,y}", "test://s;y=2")).containsExactly(entry("y", "2"));
        assertThat(variables("test://s{;x,y}", "test://s;x;y=2")).containsExactly(entry("x", ""), entry("y", "2"));
        noMatch("test://s{;x,y}", "test://s;y=2;x=1");
        noMatch("test://s{;x}", "test://s;x=");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "test://x{/list*}     | test://x/a/b/c            ",
                "test://x{.list*}     | test://x.a.b.c            ",
                "test://x{;list*}     | test://x;list=a;list=b;list=c",
                "test://x{?list*}     | test://x?list=a&list=b&list=c",
                "test://x/{list*}     | test://x/a,b,c            ",
                "test://x/{+list*}    | test://x/a,b,c            ",
                "test://x{#list*}     | test://x#a,b,c            ",
            })
    void explodedVariablesMatchAsLists(String template, String uri) {
        UriTemplateMatch match = UriTemplate.parse(template).match(uri).orElseThrow();
        assertThat(match.list("list")).containsExactly("a", "b", "c");
        assertThat(match.get("list")).contains("a,b,c");
        assertThat(match.variables()).containsExactly(entry("list", "a,b,c"));
    }

    @Test
    void matchExposesScalarsListsAndAbsentValues() {
        UriTemplateMatch match =
                UriTemplate.parse("test://{id}{/seg*}").match("test://7/a/b").orElseThrow();
        assertThat(match.get("id")).contains("7");
        assertThat(match.list("id")).containsExactly("7");
        assertThat(match.list("seg")).containsExactly("a", "b");
        assertThat(match.get("other")).isEmpty();
        assertThat(match.list("other")).isEmpty();
        assertThat(match.lists()).containsOnlyKeys("seg");
        assertThat(match.template()).isEqualTo(UriTemplate.parse("test://{id}{/seg*}"));
    }

    @Test
    void valuesAreAsShortAsTheRestAllows() {
        assertThat(variables("test://{name}{.ext}", "test://report.pdf"))
                .containsExactly(entry("name", "report"), entry("ext", "pdf"));
        assertThat(variables("test://{name}{.ext}", "test://a.b.pdf"))
                .containsExactly(entry("name", "a.b"), entry("ext", "pdf"));
        assertThat(variables("test://{+a}/{+b}", "test://x/y/z")).containsExactly(entry("a", "x"), entry("b", "y/z"));
    }

    @Test
    void explodedItemsAndOptionalPartsAreTakenWhenTheRestStillMatches() {
        assertThat(UriTemplate.parse("test://x{/seg*}{/last}")
                        .match("test://x/a/b")
                        .orElseThrow()
                        .list("seg"))
                .containsExactly("a", "b");
        assertThat(variables("test://x{/seg*}/edit", "test://x/a/b/edit")).containsExactly(entry("seg", "a,b"));
    }

    @Test
    void aRepeatedVariableMustHaveOneValue() {
        assertThat(variables("test://{x}/{x}", "test://a/a")).containsExactly(entry("x", "a"));
        noMatch("test://{x}/{x}", "test://a/b");
    }

    @Test
    void overlongUrisDoNotMatch() {
        noMatch("s:{+x}", "s:" + "a".repeat(UriValidator.MAX_LENGTH));
    }

    @Test
    void expandedUrisMatchBackToTheirValues() {
        Map<String, Map<String, Object>> cases = Map.of(
                "test://{a}/{b}{.c}{;d}{?e,f}{#g}",
                        Map.of("a", "é x", "b", "1", "c", "pdf", "d", "4", "e", "", "g", "p/q"),
                "file:///{+path}{?rev}", Map.of("path", "docs/read me.md", "rev", "3"),
                "test://h{/seg*}{?q*}", Map.of("seg", List.of("a", "b c"), "q", List.of("1", "2")),
                "test://{x,y}", Map.of("x", "1,2", "y", "3"));
        cases.forEach((text, values) -> {
            UriTemplate template = UriTemplate.parse(text);
            UriTemplateMatch match = template.match(template.expand(values)).orElseThrow();
            values.forEach((name, value) -> assertThat(match.list(name))
                    .as("%s in %s", name, text)
                    .isEqualTo(value instanceof List<?> list ? list : List.of(value)));
        });
    }

    @Test
    void adversarialInputsMatchInLinearTime() {
        String as = "a".repeat(8000);
        assertTimeout(Duration.ofSeconds(5), () -> {
            noMatch("{+a}{+b}{+c}{+d}x", as);
            noMatch("{+a}/{+b}/{+c}/{+d}/x", "a/".repeat(4000));
            noMatch("{a}{b}{c}{d}{e}{f}x", as);
            noMatch("{/a*}{/b*}{/c*}x", "/a".repeat(4000));
            noMatch("t:{a}.{b}.{c}.{d}!", "t:" + "a.".repeat(4000));
            noMatch("{x,y,z}{+a,b,c}-", "a,".repeat(4000));
        });
    }
}
