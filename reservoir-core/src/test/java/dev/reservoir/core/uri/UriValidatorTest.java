package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UriValidatorTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "file:///a/b.txt",
                "file:/a/b.txt",
                "test://static-text",
                "urn:isbn:0451450523",
                "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
                "http://[::1]:8080/x",
                "http://[v1.fe]/",
                "http://[V7.a:b!]/",
                "http://[2001:db8::7]/c=GB?objectClass?one",
                "http://[1:2:3:4:5:6:7:8]/",
                "http://[1:2:3:4:5:6:7::]/",
                "http://[::2:3:4:5:6:7:8]/",
                "http://[::]/",
                "http://[::ffff:192.0.2.1]/",
                "http://[1:2:3:4:5:6:1.2.3.4]/",
                "http://127.0.0.1/",
                "http://999.1.1.1/", // not an IPv4address, but a valid reg-name
                "http://user:pw@host:8080/p",
                "http://h:/",
                "http:///",
                "mailto:a@b.c",
                "tel:+1-816-555-1212",
                "a+b-c.d:x",
                "x:",
                "s:/",
                "s:?q",
                "s:#f",
                "http://h?q",
                "http://example.com/p?q=/a?b#frag/x?y",
                "http://x/%C3%A9",
                "s:a%20b%2f",
                "http://x/!$&'()*+,;=:@",
                "s://h/a//b/",
            })
    void acceptsAbsoluteUris(String uri) {
        UriValidator.validate(uri);
        assertThat(UriValidator.isValid(uri)).isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiterString = " | ",
            quoteCharacter = '~',
            value = {
                "a/b                         | missing scheme: found '/' at index 1 before any ':'",
                "//host/x                    | missing scheme: found '/' at index 0",
                ":x                          | missing scheme before ':' at index 0",
                "1abc:x                      | scheme must start with a letter, found '1' at index 0",
                "abc                         | missing scheme: no ':' found",
                "ht_tp://x                   | invalid character '_' at index 2 in the scheme",
                "s:%zz                       | '%zz' at index 2 is not a valid percent-encoding",
                "s:%4                        | '%4' at index 2 is not a valid percent-encoding",
                "s:a%                        | '%' at index 3 is not a valid percent-encoding",
                "http://x/%G1                | '%G1' at index 9 is not a valid percent-encoding",
                "s:é                         | non-ASCII character 'é' (U+00E9) at index 2 in the path",
                "http://[::1/x               | unclosed '[' at index 7 in the host",
                "http://[1:2:3:4:5:6:7:8:9]/ | '[1:2:3:4:5:6:7:8:9]' at index 7 is not a valid IPv6 address",
                "http://[1:2:3:4:5:6:7]/     | is not a valid IPv6 address",
                "http://[1::2::3]/           | is not a valid IPv6 address",
                "http://[:::]/               | is not a valid IPv6 address",
                "http://[12345::]/           | is not a valid IPv6 address",
                "http://[::1.2.3.256]/       | is not a valid IPv6 address",
                "http://[::1.2.3.04]/        | is not a valid IPv6 address",
                "http://[1.2.3.4::]/         | is not a valid IPv6 address",
                "http://[1::2:3:4:5:6:7:8]/  | is not a valid IPv6 address",
                "http://[v.x]/               | is not an IPvFuture address",
                "http://[vz.x]/              | is not an IPvFuture address",
                "http://[::1]x/              | invalid character 'x' at index 12 after the IP literal",
                "http://h:80a/               | invalid character 'a' at index 11 in the port",
                "http://h:80:90/             | invalid character ':' at index 11 in the port",
                "http://a@b@c/               | invalid character '@' at index 10 in the host",
                "http://ho^st/               | invalid character '^' at index 9 in the host",
                "http://a[b@h/               | invalid character '[' at index 8 in the userinfo",
                "s:a#b#c                     | invalid character '#' at index 5 in the fragment",
                "s:a?b c                     | invalid character ' ' at index 5 in the query",
                "s:{x}                       | invalid character '{' at index 2 in the path",
                "s:a}                        | invalid character '}' at index 3 in the path",
                "s:a|b                       | invalid character '|' at index 3 in the path",
                "s:a\\b                      | invalid character '\\' at index 3 in the path",
                "s:a^b                       | invalid character '^' at index 3 in the path",
                "s:a`b                       | invalid character '`' at index 3 in the path",
                "s:a\"b                      | invalid character '\"' at index 3 in the path",
                "s:a<b                       | invalid character '<' at index 3 in the path",
                "s:a>b                       | invalid character '>' at index 3 in the path",
            })
    void refusesWithProblemAndIndex(String uri, String message) {
        assertThatThrownBy(() -> UriValidator.validate(uri))
                .isInstanceOf(InvalidUriException.class)
                .hasMessageContaining(message);
        assertThat(UriValidator.isValid(uri)).isFalse();
    }

    @Test
    void refusesSpacesAndControlCharacters() {
        assertThatThrownBy(() -> UriValidator.validate("file:///a b"))
                .hasMessageStartingWith("invalid character ' ' at index 9 in the path")
                .extracting(e -> ((InvalidUriException) e).index())
                .isEqualTo(9);
        assertThatThrownBy(() -> UriValidator.validate("s:a\0"))
                .hasMessageContaining("invalid character U+0000 at index 3 in the path")
                .hasMessageContaining("'s:a\\u0000'"); // echoed escaped, never raw
        assertThatThrownBy(() -> UriValidator.validate("s:a\r\nb")).hasMessageContaining("U+000D at index 3");
        assertThatThrownBy(() -> UriValidator.validate("s:a\tb")).hasMessageContaining("U+0009 at index 3");
        assertThatThrownBy(() -> UriValidator.validate("s:a\u007Fb")).hasMessageContaining("U+007F at index 3");
        assertThatThrownBy(() -> UriValidator.validate("s:\uD83D\uDE00")).hasMessageContaining("(U+1F600) at index 2");
    }

    @Test
    void refusesEmptyNullAndOverlongInput() {
        assertThatThrownBy(() -> UriValidator.validate("")).hasMessageContaining("URI is empty");
        assertThat(UriValidator.isValid(null)).isFalse();
        UriValidator.validate("s:" + "a".repeat(UriValidator.MAX_LENGTH - 2));
        assertThatThrownBy(() -> UriValidator.validate("s:" + "a".repeat(UriValidator.MAX_LENGTH - 1)))
                .hasMessageStartingWith("URI is 8193 characters long; the limit is 8192");
    }

    @Test
    void quotesAtMostTwoHundredCharactersOfTheInput() {
        String uri = "s:" + "a".repeat(5000) + " ";
        assertThatThrownBy(() -> UriValidator.validate(uri))
                .hasMessageContaining("at index 5002")
                .hasMessageContaining("a".repeat(198) + "...")
                .hasMessageNotContaining("a".repeat(199));
    }

    @ParameterizedTest
    @CsvSource(
            delimiterString = " | ",
            quoteCharacter = '~',
            value = {
                "plain        | plain",
                "a%20b        | a b",
                "%C3%A9       | é",
                "%c3%a9       | é",
                "%E2%82%AC%20x | € x",
                "%F0%9F%98%80 | \uD83D\uDE00",
                "é%2F         | é/",
                "%25          | %",
            })
    void percentDecodesUtf8(String encoded, String decoded) {
        assertThat(UriValidator.percentDecode(encoded)).isEqualTo(decoded);
    }

    @Test
    void percentEncodingKeepsOnlyUnreservedCharactersAndRoundTrips() {
        String name = "a b/c%d é~_.-Z9?#";
        String encoded = UriValidator.percentEncode(name);
        assertThat(encoded).isEqualTo("a%20b%2Fc%25d%20%C3%A9~_.-Z9%3F%23");
        assertThat(UriValidator.percentDecode(encoded)).isEqualTo(name);
        StringBuilder path = new StringBuilder();
        UriValidator.percentEncode("src/main/a b".getBytes(java.nio.charset.StandardCharsets.UTF_8), true, path);
        assertThat(path).hasToString("src/main/a%20b");
    }

    @ParameterizedTest
    @CsvSource(
            delimiterString = " | ",
            quoteCharacter = '~',
            value = {
                "a%zz            | '%zz' at index 1 is not a valid percent-encoding",
                "%4              | '%4' at index 0 is not a valid percent-encoding",
                "ab%             | '%' at index 2 is not a valid percent-encoding",
                "%C3             | '%C3' at index 0 is not valid UTF-8",
                "x%C3%28         | '%C3%28' at index 1 is not valid UTF-8",
                "%C0%AF          | '%C0%AF' at index 0 is not valid UTF-8",
                "%E0%80%AF       | '%E0%80%AF' at index 0 is not valid UTF-8",
                "%ED%A0%80       | '%ED%A0%80' at index 0 is not valid UTF-8",
                "%80             | '%80' at index 0 is not valid UTF-8",
                "%FF             | '%FF' at index 0 is not valid UTF-8",
                "%F4%90%80%80    | '%F4%90%80%80' at index 0 is not valid UTF-8",
                "%C3x%A9         | '%C3' at index 0 is not valid UTF-8",
            })
    void percentDecodeRefusesMalformedEscapesAndInvalidUtf8(String encoded, String message) {
        assertThatThrownBy(() -> UriValidator.percentDecode(encoded))
                .isInstanceOf(InvalidUriException.class)
                .hasMessageStartingWith(message);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "file:///a/b.txt",
                "bench://text/0",
                "test://static-text",
                "x://h",
                "x://h?q?r/#f?/:@",
                "x://h#",
                "x://h?",
                "s+a-b.c://-._~9/%41%2f;=!$&'()*+,:@",
                "x://999.1.1.1/",
                "x://..",
                "file:///",
            })
    void plainHierarchicalUrisAreKnownToParseAsThemselves(String uri) {
        assertThat(UriValidator.isPlainHierarchical(uri)).isTrue();
        // validate() passes these in one look; every rule checked one by one passes them too.
        UriValidator.validateFully(uri);
        assertThat(java.net.URI.create(uri)).hasToString(uri);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "x://",
                "x://?q",
                "x://#f",
                "file:/a",
                "urn:isbn:0451450523",
                "http://h:80/",
                "http://u@h/",
                "http://[::1]/",
                "http://h%41/",
                "x://h/a b",
                "x://h/a%2",
                "x://h/a%zz",
                "x://h/#a#b",
                "x://h/[",
                "x://h/\u00e9",
                "1x://h/",
                "x_y://h/",
                "://h/",
            })
    void otherUrisAreNotPlainHierarchical(String uri) {
        assertThat(UriValidator.isPlainHierarchical(uri)).isFalse();
    }

    /**
     * validate() trusts the one-pass look: whatever it calls plain, every rule must pass, and
     * whatever it does not, validate() still judges by every rule. Random strings over the
     * characters where the two could part (delimiters, escapes, brackets, a space, a non-ASCII one).
     */
    @Test
    void theOnePassLookNeverPassesWhatTheFullRulesRefuse() {
        String alphabet = "ax9:/?#%2F.-_~@[]+! \u00e9";
        java.util.SplittableRandom random = new java.util.SplittableRandom(2093);
        int plain = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder b = new StringBuilder(random.nextBoolean() ? "x://" : "");
            int length = random.nextInt(1, 14);
            for (int k = 0; k < length; k++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String uri = b.toString();
            boolean fullyValid = true;
            try {
                UriValidator.validateFully(uri);
            } catch (InvalidUriException e) {
                fullyValid = false;
            }
            if (UriValidator.isPlainHierarchical(uri)) {
                plain++;
                assertThat(fullyValid).as("plain, so valid: %s", uri).isTrue();
            }
            assertThat(UriValidator.isValid(uri)).as(uri).isEqualTo(fullyValid);
        }
        assertThat(plain).as("the strings include plain URIs").isGreaterThan(1_000);
    }

    @Test
    void plainHierarchicalIsNullSafeAndBoundedByTheMaximumLength() {
        assertThat(UriValidator.isPlainHierarchical(null)).isFalse();
        String longest = "x://h/" + "a".repeat(UriValidator.MAX_LENGTH - 6);
        assertThat(UriValidator.isPlainHierarchical(longest)).isTrue();
        assertThat(UriValidator.isPlainHierarchical(longest + "a")).isFalse();
    }

    /**
     * Random strings built mostly of URI characters: whenever the quick check says plain, the full
     * check passes and java.net.URI parses the text as itself; and it says plain for every valid
     * URI of the plain shape (a host of unreserved characters, no port), so it is not just cautious.
     */
    @Test
    void plainHierarchicalAgreesWithTheFullCheckAndWithJavaNetUri() {
        java.util.Random random = new java.util.Random(20261125);
        String hostChars = "aZ09-._~";
        String restChars = "aZ09-._~!$&'()*+,;=:@/?#";
        String badChars = "%[] \"^`{|}<>\u00e9\\";
        String[] schemes = {"x", "file", "s+a-b.c", "Z9", "x_y", "1x", ""};
        String[] separators = {"://", "://", "://", ":/", ":", "//"};
        int plain = 0;
        for (int round = 0; round < 50_000; round++) {
            StringBuilder b = new StringBuilder(schemes[random.nextInt(schemes.length)]);
            b.append(separators[random.nextInt(separators.length)]);
            for (int k = random.nextInt(5); k > 0; k--) {
                b.append(hostChars.charAt(random.nextInt(hostChars.length())));
            }
            if (random.nextInt(8) == 0) {
                b.append(':').append(random.nextInt(3) == 0 ? "" : "80");
            }
            for (int k = random.nextInt(12); k > 0; k--) {
                int pick = random.nextInt(restChars.length() + 3);
                if (random.nextInt(30) == 0) {
                    b.append(badChars.charAt(random.nextInt(badChars.length())));
                } else if (pick < restChars.length()) {
                    b.append(restChars.charAt(pick));
                } else {
                    b.append('%').append("0aF9g".charAt(random.nextInt(5))).append("1bE".charAt(random.nextInt(3)));
                }
            }
            String uri = b.toString();
            boolean valid = UriValidator.isValid(uri);
            if (UriValidator.isPlainHierarchical(uri)) {
                plain++;
                assertThat(valid).as(uri).isTrue();
                assertThat(java.net.URI.create(uri)).as(uri).hasToString(uri);
            } else if (valid && plainShape(uri)) {
                throw new AssertionError("a valid URI of the plain shape was not taken for plain: " + uri);
            }
        }
        assertThat(plain).as("URIs found plain").isGreaterThan(1_500);
    }

    /** The plain shape, looked at another way: "scheme://", then a host of letters, digits and "-._~", then '/' (or, after a host, '?' '#' or the end). */
    private static boolean plainShape(String uri) {
        int sep = uri.indexOf("://");
        if (sep <= 0) {
            return false;
        }
        String rest = uri.substring(sep + 3);
        int end = 0;
        while (end < rest.length() && "/?#".indexOf(rest.charAt(end)) < 0) {
            end++;
        }
        String host = rest.substring(0, end);
        if (!host.matches("[A-Za-z0-9._~-]*")) {
            return false;
        }
        return !host.isEmpty() || rest.startsWith("/");
    }
}
