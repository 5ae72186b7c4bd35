package dev.reservoir.core.uri;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A persistent trie from string keys to values: {@link #with} and {@link #without} return a new trie that
 * shares unchanged nodes, so readers can use a published trie without locks. Immutable; thread-safe.
 */
final class PrefixTrie<E> {

    private static final PrefixTrie<?> EMPTY = new PrefixTrie<>(new char[0], new PrefixTrie<?>[0], List.of());

    private final char[] keys; // sorted, parallel to children
    private final PrefixTrie<?>[] children;
    private final List<E> values;

    private PrefixTrie(char[] keys, PrefixTrie<?>[] children, List<E> values) {
        this.keys = keys;
        this.children = children;
        this.values = values;
    }

    @SuppressWarnings("unchecked")
    static <E> PrefixTrie<E> empty() {
        return (PrefixTrie<E>) EMPTY;
    }

    /** A trie that also maps {@code key} to {@code value}. */
    PrefixTrie<E> with(String key, E value) {
        List<PrefixTrie<E>> path = path(key);
        PrefixTrie<E> node = key.length() < path.size() ? path.get(key.length()) : empty();
        List<E> values = new ArrayList<>(node.values);
        values.add(value);
        return rebuild(key, path, new PrefixTrie<>(node.keys, node.children, List.copyOf(values)));
    }

    /** A trie without the mapping from {@code key} to {@code value}; this trie if there is none. */
    PrefixTrie<E> without(String key, E value) {
        List<PrefixTrie<E>> path = path(key);
        if (path.size() <= key.length() || !path.get(key.length()).values.contains(value)) {
            return this;
        }
        PrefixTrie<E> node = path.get(key.length());
        List<E> values = new ArrayList<>(node.values);
        values.remove(value);
        return rebuild(key, path, new PrefixTrie<>(node.keys, node.children, List.copyOf(values)));
    }

    /** Appends the values of every key that is a prefix of {@code s} (the empty key included), shortest first. */
    void collectPrefixesOf(String s, List<E> out) {
        // Most nodes on the way hold no value: adding an empty list copied an empty array at each
        // character, a third of the walk a read's routing makes.
        PrefixTrie<E> node = this;
        for (int i = 0; ; i++) {
            if (!node.values.isEmpty()) {
                out.addAll(node.values);
            }
            if (i == s.length() || (node = node.child(s.charAt(i))) == null) {
                return;
            }
        }
    }

    /** Appends the values of every key that is a prefix of {@code key} or that starts with {@code key}. */
    void collectRelated(String key, List<E> out) {
        List<PrefixTrie<E>> path = path(key);
        for (int i = 0; i < path.size() - 1; i++) {
            out.addAll(path.get(i).values);
        }
        PrefixTrie<E> last = path.get(path.size() - 1);
        if (path.size() == key.length() + 1) {
            last.collectAll(out);
        } else {
            out.addAll(last.values);
        }
    }

    /** Appends the values of this node and all below it; iterative, as keys may be thousands deep. */
    private void collectAll(List<E> out) {
        ArrayDeque<PrefixTrie<E>> pending = new ArrayDeque<>();
        pending.push(this);
        while (!pending.isEmpty()) {
            PrefixTrie<E> node = pending.pop();
            out.addAll(node.values);
            for (int i = node.children.length - 1; i >= 0; i--) {
                pending.push(node.child(i));
            }
        }
    }

    /** The nodes along {@code key} from this root, as far as they exist (at least the root). */
    private List<PrefixTrie<E>> path(String key) {
        List<PrefixTrie<E>> path = new ArrayList<>(key.length() + 1);
        PrefixTrie<E> node = this;
        path.add(node);
        for (int i = 0; i < key.length() && (node = node.child(key.charAt(i))) != null; i++) {
            path.add(node);
        }
        return path;
    }

    /** Copies the nodes along {@code key} bottom-up with {@code replacement} at its end; prunes empty nodes. */
    private PrefixTrie<E> rebuild(String key, List<PrefixTrie<E>> path, PrefixTrie<E> replacement) {
        PrefixTrie<E> node = replacement;
        for (int depth = key.length() - 1; depth >= 0; depth--) {
            PrefixTrie<E> parent = depth < path.size() ? path.get(depth) : empty();
            node = parent.withChild(key.charAt(depth), node.isEmpty() ? null : node);
        }
        return node;
    }

    /** A copy of this node whose child at {@code c} is {@code child}, or removed when {@code child} is null. */
    private PrefixTrie<E> withChild(char c, PrefixTrie<E> child) {
        int i = Arrays.binarySearch(keys, c);
        if (i >= 0 && child != null) {
            PrefixTrie<?>[] newChildren = children.clone();
            newChildren[i] = child;
            return new PrefixTrie<>(keys, newChildren, values);
        }
        if (i >= 0) {
            char[] newKeys = new char[keys.length - 1];
            PrefixTrie<?>[] newChildren = new PrefixTrie<?>[keys.length - 1];
            System.arraycopy(keys, 0, newKeys, 0, i);
            System.arraycopy(keys, i + 1, newKeys, i, keys.length - i - 1);
            System.arraycopy(children, 0, newChildren, 0, i);
            System.arraycopy(children, i + 1, newChildren, i, keys.length - i - 1);
            return new PrefixTrie<>(newKeys, newChildren, values);
        }
        if (child == null) {
            return this;
        }
        int at = -i - 1;
        char[] newKeys = new char[keys.length + 1];
        PrefixTrie<?>[] newChildren = new PrefixTrie<?>[keys.length + 1];
        System.arraycopy(keys, 0, newKeys, 0, at);
        System.arraycopy(children, 0, newChildren, 0, at);
        newKeys[at] = c;
        newChildren[at] = child;
        System.arraycopy(keys, at, newKeys, at + 1, keys.length - at);
        System.arraycopy(children, at, newChildren, at + 1, keys.length - at);
        return new PrefixTrie<>(newKeys, newChildren, values);
    }

    private boolean isEmpty() {
        return values.isEmpty() && keys.length == 0;
    }

    private PrefixTrie<E> child(char c) {
        if (keys.length == 1) { // most nodes of a few templates' prefixes: one way on
            return keys[0] == c ? child(0) : null;
        }
        int i = Arrays.binarySearch(keys, c);
        return i < 0 ? null : child(i);
    }

    @SuppressWarnings("unchecked")
    private PrefixTrie<E> child(int i) {
        return (PrefixTrie<E>) children[i];
    }
}
