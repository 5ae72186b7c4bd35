package dev.reservoir.provider.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.McpException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class AddressTest {

    private static Address parse(String uri) {
        return Address.parse(uri, "repo").orElse(null);
    }

    private static List<String> names(Address address) {
        List<byte[]> segments =
                address instanceof Address.Entry e ? e.segments() : ((Address.Blame) address).segments();
        return segments.stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    @Test
    void theRepositoryIsItsRootWithOrWithoutSlash() {
        assertThat(parse("git://repo/")).isInstanceOf(Address.Root.class);
        assertThat(parse("git://repo")).isInstanceOf(Address.Root.class);
        assertThat(Address.parse("git://other/", "repo")).isEmpty();
        assertThat(Address.parse("git://repository/", "repo")).isEmpty();
        assertThat(Address.parse("file:///repo/", "repo")).isEmpty();
    }

    @Test
    void treeAndBlobKeepTheirNamesDecodedForTheRefLookup() {
        Address tree = parse("git://repo/tree/feature/x/src/a%20b.txt");
        assertThat(tree).isInstanceOf(Address.Entry.class);
        assertThat(names(tree)).containsExactly("feature", "x", "src", "a b.txt");
        assertThat(names(parse("git://repo/tree/main/src/"))).containsExactly("main", "src");
        assertThat(names(parse("git://repo/blob/main/README.md"))).containsExactly("main", "README.md");
    }

    @Test
    void unsafeNamesNameNothing() {
        assertThat(parse("git://repo/tree/main/../secret")).isNull();
        assertThat(parse("git://repo/tree/main/%2E%2E/secret")).isNull();
        assertThat(parse("git://repo/tree/main/a%2Fb")).isNull();
        assertThat(parse("git://repo/tree/main//a")).isNull();
        assertThat(parse("git://repo/tree/main/a%00b")).isNull();
        assertThat(parse("git://repo/tree/main/%zz")).isNull();
        assertThat(parse("git://repo/tree/")).isNull();
        assertThat(parse("git://repo/blob/main/a/")).isNull();
        assertThat(parse("git://repo/nothing/main")).isNull();
        assertThat(parse("git://repo/tree/main#frag")).isNull();
    }

    @Test
    void historyComparisonAndBlameTakeTheirParts() {
        assertThat(parse("git://repo/commit/feature/x")).isEqualTo(new Address.Commit("feature/x"));
        Address.Log log = (Address.Log) parse("git://repo/log/main?path=src/a.txt&limit=5");
        assertThat(log.rev()).isEqualTo("main");
        assertThat(new String(log.path(), StandardCharsets.UTF_8)).isEqualTo("src/a.txt");
        assertThat(log.limit()).isEqualTo(5);
        Address.Compare three = (Address.Compare) parse("git://repo/compare/main...feature/x");
        assertThat(three.base()).isEqualTo("main");
        assertThat(three.head()).isEqualTo("feature/x");
        assertThat(three.sinceMergeBase()).isTrue();
        Address.Compare two = (Address.Compare) parse("git://repo/compare/v1..v2?path=docs");
        assertThat(two.sinceMergeBase()).isFalse();
        assertThat(new String(two.path(), StandardCharsets.UTF_8)).isEqualTo("docs");
        assertThat(names(parse("git://repo/blame/main/src/a.txt"))).containsExactly("main", "src", "a.txt");
        assertThat(parse("git://repo/blame/main")).isNull();
        assertThat(parse("git://repo/compare/main")).isNull();
        assertThat(parse("git://repo/status")).isInstanceOf(Address.Status.class);
        assertThat(parse("git://repo/diff")).isInstanceOf(Address.Diff.class);
        assertThat(parse("git://repo/status/x")).isNull();
    }

    @Test
    void badQueryParametersAreInvalidParamsThatSayWhy() {
        assertThatThrownBy(() -> parse("git://repo/log/main?limit=0"))
                .isInstanceOf(McpException.class)
                .hasMessageContaining("'limit' must be a number from 1 to 10000");
        assertThatThrownBy(() -> parse("git://repo/log/main?since=yesterday"))
                .isInstanceOf(McpException.class)
                .hasMessageContaining("unknown query parameter 'since'");
        assertThatThrownBy(() -> parse("git://repo/log/main?path=a/../b"))
                .isInstanceOf(McpException.class)
                .hasMessageContaining("'path' must be a path");
        assertThatThrownBy(() -> parse("git://repo/log/main?limit=1&limit=2"))
                .isInstanceOf(McpException.class)
                .hasMessageContaining("given once");
    }

    @Test
    void urisAreWrittenPercentEncodedWithSlashesKept() {
        GitUris uris = new GitUris("repo");
        assertThat(uris.tree("feature/x", "src/a b#c.txt".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("git://repo/tree/feature/x/src/a%20b%23c.txt");
        assertThat(uris.tree("main", new byte[0])).isEqualTo("git://repo/tree/main");
        assertThat(uris.tree("main", new byte[] {'c', 'a', 'f', (byte) 0xE9})).isEqualTo("git://repo/tree/main/caf%E9");
        assertThat(uris.commit("fix#12")).isEqualTo("git://repo/commit/fix%2312");
        assertThat(GitUris.decode("caf%C3%A9")).isEqualTo("café".getBytes(StandardCharsets.UTF_8));
    }
}
