package dev.reservoir.server.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A prefix holds the URIs at or below it, with scheme and authority compared without case, a path
 * segment by segment, and escapes without the case of their hex digits. A plain ASCII URI is
 * compared in place; every other one is taken apart: both ways answer alike.
 */
class UriPrefixTest {

    private static final List<UriPrefix> PREFIXES = List.of(
            UriPrefix.parse("file:///home/me/docs"),
            UriPrefix.parse("file://localhost/srv"),
            UriPrefix.parse("git://app"),
            UriPrefix.parse("git://App:8080/repo/"),
            UriPrefix.parse("postgres://db/"),
            UriPrefix.parse("http://h/caf%c3%a9"),
            UriPrefix.scheme("bench"),
            new UriPrefix("mem", "", "/a/"),
            new UriPrefix("k", "ex\u0131t", ""),
            UriPrefix.scheme("key"));

    private static final List<String> URIS = List.of(
            "file:///home/me/docs",
            "file:///home/me/docs/a.txt",
            "file:///home/me/docs/",
            "file:///home/me/docs2",
            "file:///home/me",
            "file:///home/me/docs?x=1",
            "file:///home/me/docs#top",
            "FILE://LOCALHOST/home/me/docs/a",
            "file://localhost/srv/x",
            "file:///srv/x",
            "file://elsewhere/srv/x",
            "file:/home/me/docs/a",
            "git://app",
            "git://app/",
            "GIT://APP/x/y",
            "git://apple/x",
            "git:/x",
            "git://app:8080/repo/a",
            "git://APP:8080/repo",
            "git://app:8080/repository",
            "postgres://db/public/t",
            "postgres://db",
            "http://h/caf%C3%A9/menu",
            "http://h/caf%c3%a9",
            "http://h/caf\u00e9/menu",
            "http://h/cafe",
            "bench://text/12",
            "bench:x",
            "BENCH://text/1",
            "benc:x",
            "bench2:x",
            "\u212Aey:x",
            "mem:/a/b",
            "mem:///a/b",
            "mem://x/a/b",
            "mem:/ab",
            "k://EXIT/x",
            "k://ex\u0131t/x",
            "",
            ":",
            "no scheme",
            "git://app\u00e9/x");

    @Test
    void theInPlaceComparisonAnswersAsTakingTheUriApartDoes() {
        for (UriPrefix prefix : PREFIXES) {
            for (String uri : URIS) {
                assertThat(prefix.contains(uri))
                        .as("%s contains %s", prefix, uri)
                        .isEqualTo(prefix.containsParsed(uri));
            }
        }
    }

    @Test
    void aPrefixHoldsWhatIsAtOrBelowIt() {
        UriPrefix docs = UriPrefix.parse("file:///home/me/docs");
        assertThat(docs.contains("file:///home/me/docs")).isTrue();
        assertThat(docs.contains("file:///home/me/docs/a.txt")).isTrue();
        assertThat(docs.contains("FILE://LOCALHOST/home/me/docs/a")).isTrue();
        assertThat(docs.contains("file:///home/me/docs?x=1")).isTrue();
        assertThat(docs.contains("file:///home/me/docs2")).isFalse();
        assertThat(docs.contains("file:///home/me")).isFalse();
        assertThat(docs.contains("file://elsewhere/home/me/docs")).isFalse();

        UriPrefix app = UriPrefix.parse("git://app");
        assertThat(app.contains("GIT://APP/x/y")).isTrue();
        assertThat(app.contains("git://apple/x")).isFalse();
        assertThat(app.contains("git:/x")).isFalse();

        assertThat(UriPrefix.parse("http://h/caf%c3%a9").contains("http://h/caf%C3%A9/menu"))
                .isTrue();
        assertThat(UriPrefix.scheme("bench").contains("BENCH://text/1")).isTrue();
        assertThat(UriPrefix.scheme("bench").contains("bench2:x")).isFalse();
        assertThat(UriPrefix.scheme("key").contains("\u212Aey:x")).isTrue(); // as toLowerCase folds it
    }
}
