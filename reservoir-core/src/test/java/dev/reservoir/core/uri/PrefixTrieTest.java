package dev.reservoir.core.uri;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrefixTrieTest {

    private static List<String> prefixesOf(PrefixTrie<String> trie, String s) {
        List<String> out = new ArrayList<>();
        trie.collectPrefixesOf(s, out);
        return out;
    }

    private static List<String> related(PrefixTrie<String> trie, String key) {
        List<String> out = new ArrayList<>();
        trie.collectRelated(key, out);
        return out;
    }

    @Test
    void collectsValuesWhoseKeysArePrefixesShortestFirst() {
        PrefixTrie<String> trie = PrefixTrie.<String>empty()
                .with("ab", "ab")
                .with("", "root")
                .with("abc", "abc")
                .with("abd", "abd")
                .with("ab", "ab2");
        assertThat(prefixesOf(trie, "abcx")).containsExactly("root", "ab", "ab2", "abc");
        assertThat(prefixesOf(trie, "a")).containsExactly("root");
        assertThat(prefixesOf(trie, "")).containsExactly("root");
    }

    @Test
    void relatedKeysArePrefixesAndExtensions() {
        PrefixTrie<String> trie = PrefixTrie.<String>empty()
                .with("a", "a")
                .with("abc", "abc")
                .with("abd", "abd")
                .with("b", "b");
        assertThat(related(trie, "ab")).containsExactlyInAnyOrder("a", "abc", "abd");
        assertThat(related(trie, "abcz")).containsExactlyInAnyOrder("a", "abc");
        assertThat(related(trie, "")).containsExactlyInAnyOrder("a", "abc", "abd", "b");
    }

    @Test
    void isPersistentAndPrunesEmptyNodes() {
        PrefixTrie<String> one = PrefixTrie.<String>empty().with("abc", "x");
        PrefixTrie<String> two = one.with("abd", "y");
        assertThat(prefixesOf(one, "abd")).isEmpty();
        assertThat(prefixesOf(two, "abd")).containsExactly("y");
        PrefixTrie<String> removed = two.without("abd", "y").without("abc", "x");
        assertThat(related(removed, "")).isEmpty();
        assertThat(related(two, "")).containsExactlyInAnyOrder("x", "y");
        assertThat(two.without("abd", "nope")).isSameAs(two);
        assertThat(two.without("zz", "y")).isSameAs(two);
    }
}
