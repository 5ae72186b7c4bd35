package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing, accessors and expansion beyond what the RFC 6570 vectors cover. */
class UriTemplateTest {

    @Test
    void exposesTemplateAndVariableNamesInFirstAppearanceOrder() {
        UriTemplate template = UriTemplate.parse("test://{a}{b,a}{/c*}{?d,b}");
        assertThat(template.template()).isEqualTo("test://{a}{b,a}{/c*}{?d,b}");
        assertThat(template.toString()).isEqualTo(template.template());
        assertThat(template.variableNames()).containsExactly("a", "b", "c", "d");
        assertThat(UriTemplate.parse("test://static").variableNames()).isEmpty();
    }

    @Test
    void equalityIsTheTemplateString() {
        UriTemplate template = UriTemplate.parse("test://{a}");
        assertThat(template)
                .isEqualTo(UriTemplate.parse("test://{a}"))
                .hasSameHashCodeAs(UriTemplate.parse("test://{a}"))
                .isEqualTo(template.withUnsafeValuesAllowed())
                .isNotEqualTo(UriTemplate.parse("test://{b}"));
    }

    @Test
    void prefixModifiersExpandButAreNotMatchable() {
        UriTemplate template = UriTemplate.parse("test://{var:3}/{x}");
        assertThat(template.isMatchable()).isFalse();
        assertThat(template.expand(Map.of("var", "value", "x", "y"))).isEqualTo("test://val/y");
        assertThatThrownBy(() -> template.match("test://val/y"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("prefix modifier");
        assertThat(UriTemplate.parse("test://{/x*}{?y}").isMatchable()).isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '~',
            value = {
                "test://{a                  | 7  | unclosed expression: '{' at index 7 has no matching '}'",
                "test://a}                  | 8  | unexpected '}' at index 8 with no open expression",
                "test://{}                  | 7  | empty expression '{}' at index 7",
                "test://{a{b}}              | 9  | nested '{' at index 9 inside the expression opened at index 7",
                "test://{=a}                | 8  | operator '=' at index 8 is reserved",
                "test://{a,,b}              | 10 | missing variable name at index 10",
                "test://{a,}                | 10 | missing variable name at index 10",
                "test://{+}                 | 9  | missing variable name at index 9",
                "test://{a-b}               | 9  | invalid character '-' at index 9 in variable name 'a'",
                "test://{.a.}               | 10 | variable name 'a.' at index 9 must not end with '.'",
                "test://{a:0}               | 9  | invalid prefix ':0' at index 9 for variable 'a'",
                "test://{a:12345}           | 9  | invalid prefix ':12345'",
                "test://{a*:3}              | 10 | unexpected ':' at index 10 after the modifier of variable 'a'",
                "test://{a%2}               | 9  | '%2}' at index 9 is not a valid percent-encoding in a variable name",
                "test://a b/{x}             | 8  | invalid character ' ' at index 8 in literal text",
                "test://a<b>                | 8  | invalid character '<' at index 8 in literal text",
                "test://a^b                 | 8  | invalid character '^' at index 8 in literal text",
                "test://a\"b                | 8  | invalid character '\"' at index 8 in literal text",
                "test://%zz                 | 7  | '%zz' at index 7 is not a valid percent-encoding in literal text",
            })
    void parseErrorsNameTheProblemAndIndex(String template, int index, String message) {
        assertThatThrownBy(() -> UriTemplate.parse(template))
                .isInstanceOf(UriTemplateException.class)
                .hasMessageStartingWith(message)
                .hasMessageContaining("(in template '" + template + "')")
                .extracting(e -> ((UriTemplateException) e).index())
                .isEqualTo(index);
    }

    @Test
    void refusesLiteralCharactersOutsideUcscharAndIprivate() {
        assertThatThrownBy(() -> UriTemplate.parse("test://a\u0085")).hasMessageContaining("U+0085 at index 8");
        assertThatThrownBy(() -> UriTemplate.parse("test://a\uFFFE")).hasMessageContaining("U+FFFE at index 8");
        assertThatThrownBy(() -> UriTemplate.parse("test://a\uD800b")).hasMessageContaining("U+D800 at index 8");
        assertThatThrownBy(() -> UriTemplate.parse("test://\n")).hasMessageContaining("U+000A at index 7");
        assertThat(UriTemplate.parse("test://\uE000\uD83D\uDE00/{x}").expand(Map.of("x", "1")))
                .isEqualTo("test://%EE%80%80%F0%9F%98%80/1");
    }

    @Test
    void refusesOverlongTemplates() {
        assertThatThrownBy(() -> UriTemplate.parse("t:" + "a".repeat(9000)))
                .isInstanceOf(UriTemplateException.class)
                .hasMessageContaining("the limit is 8192");
    }

    @Test
    void expandsObjectsCollectionsAndMapsOfAnyKind() {
        UriTemplate template = UriTemplate.parse("test://{n}{/list*}{?map*}");
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("b", 2);
        map.put("skipped", null);
        map.put("a", 1.5);
        Map<String, Object> values = new HashMap<>();
        values.put("n", 42);
        values.put("list", new LinkedHashSet<>(Arrays.asList("x y", null, "z")));
        values.put("map", map);
        assertThat(template.expand(values)).isEqualTo("test://42/x%20y/z?b=2&a=1.5");
    }

    @Test
    void treatsNullEmptyListAndEmptyMapAsUndefined() {
        UriTemplate template = UriTemplate.parse("test://x{/a}{.b}{?c,d}");
        Map<String, Object> values = new HashMap<>();
        values.put("a", null);
        values.put("b", List.of());
        values.put("c", Map.of());
        assertThat(template.expand(values)).isEqualTo("test://x");
        assertThat(template.expand(Map.of("d", ""))).isEqualTo("test://x?d=");
    }

    @Test
    void prefixCountsCodePointsNotChars() {
        UriTemplate template = UriTemplate.parse("{x:2}");
        assertThat(template.expand(Map.of("x", "\uD834\uDD1Eab"))).isEqualTo("%F0%9D%84%9Ea");
    }

    @Test
    void prefixOnAListIsAnExpansionError() {
        UriTemplate template = UriTemplate.parse("test://{/list:2}");
        assertThatThrownBy(() -> template.expand(Map.of("list", List.of("a", "b"))))
                .isInstanceOf(UriTemplateException.class)
                .hasMessageContaining("prefix modifier ':2' of variable 'list' in the expression at index 7")
                .hasMessageContaining("cannot apply to a list or map value");
        assertThat(template.expand(Map.of())).isEqualTo("test://");
    }

    @Test
    void refusesValuesThatAreNotUnicodeText() {
        UriTemplate template = UriTemplate.parse("{x}");
        assertThatThrownBy(() -> template.expand(Map.of("x", "a\uD800")))
                .isInstanceOf(UriTemplateException.class)
                .hasMessageContaining("unpaired surrogate at index 1");
    }

    @Test
    void reservedExpansionKeepsOnlyValidTriplets() {
        assertThat(UriTemplate.parse("{+x}").expand(Map.of("x", "%41%4g%"))).isEqualTo("%41%254g%25");
    }
}
