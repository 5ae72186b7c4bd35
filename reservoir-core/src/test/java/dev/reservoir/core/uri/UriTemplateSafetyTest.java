package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The checks {@link UriTemplate#match} applies to decoded values unless a template opts out. */
class UriTemplateSafetyTest {

    private static final UriTemplate PATH = UriTemplate.parse("file:///{+path}");
    private static final UriTemplate ID = UriTemplate.parse("test://items/{id}");
    private static final UriTemplate SEGMENTS = UriTemplate.parse("test://x{/seg*}");

    @ParameterizedTest
    @ValueSource(strings = {"a/b/c.txt", "a/.../b", "..a/b..", "a/.b/c.", "a%2Fb", ".x/y", "a%2E%2Eb"})
    void reservedPathAcceptsOrdinaryPaths(String path) {
        assertThat(PATH.match("file:///" + path)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"..", "../a", "a/..", "a/../b", "a/%2e%2e/b", "a/%2E./b", "a%2F..%2Fb", "a%5C..%5Cb", "..%5Ca"})
    void reservedPathRefusesDotDotSegments(String path) {
        assertThatThrownBy(() -> PATH.match("file:///" + path))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("variable 'path' of template 'file:///{+path}' contains a '..' path segment")
                .hasMessageNotContaining("withUnsafeValuesAllowed()")
                .extracting(e -> ((UnsafeVariableException) e).variable())
                .isEqualTo("path");
    }

    @ParameterizedTest
    @ValueSource(strings = {".", "./a", "a/.", "a/./b", "%2e/x", "a/%2E/b", "a%5C.%5Cb"})
    void reservedPathRefusesDotSegments(String path) {
        assertThatThrownBy(() -> PATH.match("file:///" + path))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("variable 'path' of template 'file:///{+path}' contains a '.' path segment");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "a%01b | U+0001",
                "a%09b | U+0009",
                "line%0Abreak | U+000A",
                "a%0Db | U+000D",
                "%1F | U+001F",
                "del%7F | U+007F",
                "c1%C2%80 | U+0080",
                "c1%C2%9F | U+009F"
            })
    void refusesControlCharacters(String value, String codePoint) {
        for (UriTemplate template : new UriTemplate[] {PATH, ID}) {
            String uri = template == PATH ? "file:///" + value : "test://items/" + value;
            assertThatThrownBy(() -> template.match(uri))
                    .isInstanceOf(UnsafeVariableException.class)
                    .hasMessageContaining("contains the control character " + codePoint)
                    .extracting(e -> ((UnsafeVariableException) e).uri())
                    .isEqualTo(uri);
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "%E2%80%AA | U+202A", "%E2%80%AB | U+202B", "%E2%80%AC | U+202C", "%E2%80%AD | U+202D",
                "%E2%80%AE | U+202E", "%E2%81%A6 | U+2066", "%E2%81%A7 | U+2067", "%E2%81%A8 | U+2068",
                "%E2%81%A9 | U+2069"
            })
    void refusesBidirectionalOverrides(String encoded, String codePoint) {
        // "invoice" + U+202E + "fdp.exe" shows as "invoiceexe.pdf": a name that lies about itself.
        assertThatThrownBy(() -> PATH.match("file:///docs/invoice" + encoded + "fdp.exe"))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("contains the bidirectional control " + codePoint);
    }

    @Test
    void ordinaryUnicodeIsAccepted() {
        assertThat(PATH.match("file:///%C3%A9t%C3%A9/%E6%97%A5%E6%9C%AC/%F0%9F%98%80%E2%80%8B.md"))
                .isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a%2Fb", "a%2fb", "a%5Cb", "a%5cb", "%2F"})
    void simpleVariableRefusesEncodedSeparators(String id) {
        assertThatThrownBy(() -> ID.match("test://items/" + id))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("contains an encoded '/' or '\\' (%2F or %5C)");
    }

    @Test
    void simpleVariableAcceptsOtherEncodedCharacters() {
        assertThat(ID.match("test://items/a%2Cb%3Fc").orElseThrow().get("id")).contains("a,b?c");
    }

    @Test
    void simpleVariableRefusesDotDot() {
        assertThatThrownBy(() -> ID.match("test://items/..")).hasMessageContaining("'..' path segment");
        assertThatThrownBy(() -> ID.match("test://items/%2E%2E")).hasMessageContaining("'..' path segment");
        assertThat(ID.match("test://items/...")).isPresent();
        assertThatThrownBy(() -> ID.match("test://items/.")).hasMessageContaining("'.' path segment");
        assertThatThrownBy(() -> ID.match("test://items/%2e")).hasMessageContaining("'.' path segment");
    }

    @Test
    void explodedSegmentsRefuseDotDot() {
        assertThat(SEGMENTS.match("test://x/a/b").orElseThrow().list("seg")).containsExactly("a", "b");
        assertThatThrownBy(() -> SEGMENTS.match("test://x/a/../b"))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("variable 'seg'");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"file:///{+path} | file:///a%00b", "test://items/{id} | test://items/%00"})
    void refusesNul(String template, String uri) {
        assertThatThrownBy(() -> UriTemplate.parse(template).match(uri))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("contains a NUL character");
    }

    @Test
    void labelAndQueryValuesAreCheckedToo() {
        assertThatThrownBy(() -> UriTemplate.parse("test://f{.ext}").match("test://f.%2E%2E"))
                .hasMessageContaining("variable 'ext'");
        assertThatThrownBy(() -> UriTemplate.parse("test://f{?dir}").match("test://f?dir=a%2Fb"))
                .hasMessageContaining("variable 'dir'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%C3%28", "%C0%AF", "%ED%A0%80", "%FF", "%C3"})
    void refusesInvalidUtf8EvenWhenUnsafeValuesAreAllowed(String value) {
        for (UriTemplate template : new UriTemplate[] {ID, ID.withUnsafeValuesAllowed()}) {
            assertThatThrownBy(() -> template.match("test://items/" + value))
                    .isInstanceOf(UnsafeVariableException.class)
                    .hasMessageContaining("is not valid UTF-8 after percent-decoding")
                    .hasMessageNotContaining("withUnsafeValuesAllowed");
        }
    }

    @Test
    void optingOutAcceptsWhatTheChecksRefuse() {
        UriTemplate path = PATH.withUnsafeValuesAllowed();
        assertThat(path.unsafeValuesAllowed()).isTrue();
        assertThat(PATH.unsafeValuesAllowed()).isFalse();
        assertThat(path.match("file:///a/../b").orElseThrow().get("path")).contains("a/../b");
        assertThat(path.match("file:///a%00").orElseThrow().get("path")).contains("a\0");
        assertThat(path.match("file:///a/./b%0A%E2%80%AE").orElseThrow().get("path"))
                .contains("a/./b\n\u202e");
        UriTemplate id = ID.withUnsafeValuesAllowed();
        assertThat(id.match("test://items/a%2Fb").orElseThrow().get("id")).contains("a/b");
        assertThat(SEGMENTS.withUnsafeValuesAllowed()
                        .match("test://x/..")
                        .orElseThrow()
                        .list("seg"))
                .containsExactly("..");
    }

    @Test
    void everyMatchKeepsTheRawValues() {
        UriTemplateMatch match = PATH.match("file:///a%20b/caf%C3%A9.txt").orElseThrow();
        assertThat(match.get("path")).contains("a b/caf\u00e9.txt");
        assertThat(match.raw("path")).contains("a%20b/caf%C3%A9.txt");
        assertThat(match.bytes("path").orElseThrow())
                .isEqualTo("a b/caf\u00e9.txt".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(match.raw("absent")).isEmpty();
    }

    @Test
    void bytesThatAreNotUtf8MatchUnderPathBytesWithTheirRawAndByteFormsOnly() {
        UriTemplate bytes = PATH.withValueCheck(ValueCheck.PATH_BYTES);
        UriTemplateMatch latin1 = bytes.match("file:///dir/caf%E9.txt").orElseThrow();
        assertThat(latin1.get("path")).isEmpty();
        assertThat(latin1.raw("path")).contains("dir/caf%E9.txt");
        assertThat(latin1.bytes("path").orElseThrow())
                .containsExactly('d', 'i', 'r', '/', 'c', 'a', 'f', (byte) 0xE9, '.', 't', 'x', 't');
        assertThat(bytes.match("file:///dir/caf%C3%A9.txt").orElseThrow().get("path"))
                .contains("dir/caf\u00e9.txt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%E9/..", "../%E9", "%E9%00", "%E9%0A", "%E9%7F", "%E9/%2e%2E/a"})
    void pathBytesStillRefusesWhatWouldClimbOrSmuggle(String path) {
        UriTemplate bytes = PATH.withValueCheck(ValueCheck.PATH_BYTES);
        assertThatThrownBy(() -> bytes.match("file:///" + path)).isInstanceOf(UnsafeVariableException.class);
    }

    @Test
    void pathBytesRefusesAnEncodedSeparatorInASimpleVariable() {
        assertThatThrownBy(() -> ID.withValueCheck(ValueCheck.PATH_BYTES).match("test://items/%E9%2Fx"))
                .isInstanceOf(UnsafeVariableException.class)
                .hasMessageContaining("encoded '/'");
    }

    @Test
    void aUriThatDoesNotFitIsEmptyNotRefused() {
        assertThat(ID.match("test://other/..")).isEmpty();
    }
}
