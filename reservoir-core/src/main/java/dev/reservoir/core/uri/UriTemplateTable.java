package dev.reservoir.core.uri;

import dev.reservoir.core.uri.Part.Expression;
import dev.reservoir.core.uri.Part.VarSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Finds the most specific registered template that matches a URI, each template with an owner; lookups
 * are lock-free and safe from many threads, registrations are serialized; arguments must not be null.
 */
public final class UriTemplateTable<T> {

    /**
     * Most specific first: more literal characters, then fewer variables, then fewer reserved ({@code +},
     * {@code #}) variables, then fewer exploded ones. Different templates can compare equal.
     */
    public static final Comparator<UriTemplate> SPECIFICITY = UriTemplateTable::bySpecificity;

    /**
     * {@link #SPECIFICITY}, written out: Comparator's combinators make lambdas inside the JDK, which
     * no class archive holds, so a server's start linked seven of them (about 5 ms on a fresh JVM).
     */
    private static int bySpecificity(UriTemplate a, UriTemplate b) {
        int c = Integer.compare(b.literalLength, a.literalLength);
        if (c == 0) {
            c = Integer.compare(a.variableCount, b.variableCount);
        }
        if (c == 0) {
            c = Integer.compare(a.reservedCount, b.reservedCount);
        }
        return c != 0 ? c : Integer.compare(a.explodedCount, b.explodedCount);
    }

    /** A lookup result: the template that matched, its owner and the decoded variables. */
    public record Hit<T>(UriTemplate template, T owner, UriTemplateMatch match) {
        public Hit {
            Objects.requireNonNull(template, "template");
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(match, "match");
        }
    }

    private record Entry<T>(UriTemplate template, T owner, long sequence) {}

    /** Everything a lookup reads, replaced as a whole so readers always see a consistent table. */
    private record State<T>(List<Entry<T>> entries, PrefixTrie<Entry<T>> index) {}

    /** Specificity, then registration order, so equally specific templates are still tried deterministically. */
    private static final Comparator<Entry<?>> ORDER = (a, b) -> {
        int c = bySpecificity(a.template(), b.template());
        return c != 0 ? c : Long.compare(a.sequence(), b.sequence());
    };

    private final ReentrantLock lock = new ReentrantLock(); // not synchronized: that pins virtual threads
    private volatile State<T> state = new State<>(List.of(), PrefixTrie.empty());
    private long nextSequence;

    /**
     * Adds {@code template} for {@code owner}. Throws {@link IllegalArgumentException} when the template is
     * not matchable, is already registered, or is ambiguous with a registered one: equally specific and
     * matching a URI that the other also matches.
     */
    public void register(UriTemplate template, T owner) {
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(owner, "owner");
        if (!template.isMatchable()) {
            throw new IllegalArgumentException("template '" + UriChars.excerpt(template.template())
                    + "' uses a prefix modifier, so it cannot match URIs; remove the ':n' to register it");
        }
        lock.lock();
        try {
            State<T> current = state;
            // Two templates can only share a URI if one literal prefix starts the other.
            List<Entry<T>> related = new ArrayList<>();
            current.index().collectRelated(template.literalPrefix, related);
            for (Entry<T> other : related) {
                if (other.template().equals(template)) {
                    throw new IllegalArgumentException(
                            "template '" + UriChars.excerpt(template.template()) + "' is already registered");
                }
            }
            for (Entry<T> other : related) {
                requireUnambiguous(template, other.template());
            }
            Entry<T> entry = new Entry<>(template, owner, nextSequence++);
            List<Entry<T>> entries = new ArrayList<>(current.entries());
            entries.add(entry);
            state = new State<>(List.copyOf(entries), current.index().with(template.literalPrefix, entry));
        } finally {
            lock.unlock();
        }
    }

    /** Removes the registration of an equal template; returns whether there was one. */
    public boolean unregister(UriTemplate template) {
        Objects.requireNonNull(template, "template");
        lock.lock();
        try {
            State<T> current = state;
            for (Entry<T> entry : current.entries()) {
                if (entry.template().equals(template)) {
                    List<Entry<T>> entries = new ArrayList<>(current.entries());
                    entries.remove(entry);
                    PrefixTrie<Entry<T>> index = current.index().without(entry.template().literalPrefix, entry);
                    state = new State<>(List.copyOf(entries), index);
                    return true;
                }
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The most specific template that matches {@code uri}. When that template refuses a value, its
     * {@link UnsafeVariableException} propagates rather than falling through to a less specific template.
     */
    public Optional<Hit<T>> find(String uri) {
        Objects.requireNonNull(uri, "uri");
        List<Entry<T>> candidates = new ArrayList<>();
        state.index().collectPrefixesOf(uri, candidates);
        candidates.sort(ORDER);
        for (Entry<T> candidate : candidates) {
            Optional<UriTemplateMatch> match = candidate.template().match(uri);
            if (match.isPresent()) {
                return Optional.of(new Hit<>(candidate.template(), candidate.owner(), match.get()));
            }
        }
        return Optional.empty();
    }

    /** The registered templates in registration order. */
    public List<UriTemplate> templates() {
        return state.entries().stream().map(Entry::template).toList();
    }

    private static void requireUnambiguous(UriTemplate added, UriTemplate registered) {
        if (SPECIFICITY.compare(added, registered) != 0) {
            return; // the more specific one wins wherever both match
        }
        String witness = sharedWitness(added, registered);
        if (witness == null) {
            witness = sharedWitness(registered, added);
        }
        if (witness != null) {
            throw new IllegalArgumentException("template '" + UriChars.excerpt(added.template())
                    + "' is ambiguous with '" + UriChars.excerpt(registered.template()) + "': both match '"
                    + UriChars.excerpt(witness) + "'; make one more specific or merge them");
        }
    }

    /** A URI expanded from {@code from} with sample values that {@code other} also matches, or null. */
    private static String sharedWitness(UriTemplate from, UriTemplate other) {
        for (String witness : witnesses(from)) {
            if (other.fits(witness)) {
                return witness;
            }
        }
        return null;
    }

    /**
     * Sample expansions of {@code template}: every variable "x", every variable "a1", reserved variables
     * "a/b", exploded variables two items, no variables. Overlaps these miss are resolved by registration order.
     */
    static List<String> witnesses(UriTemplate template) {
        Set<String> reserved = new HashSet<>();
        Set<String> exploded = new HashSet<>();
        for (Part part : template.parts()) {
            if (part instanceof Expression e) {
                for (VarSpec spec : e.variables()) {
                    if (e.operator().allowsReserved) {
                        reserved.add(spec.name());
                    }
                    if (spec.explode()) {
                        exploded.add(spec.name());
                    }
                }
            }
        }
        List<String> witnesses = new ArrayList<>();
        witnesses.add(template.expand(samples(template, exploded, name -> "x", false)));
        witnesses.add(template.expand(samples(template, exploded, name -> "a1", false)));
        if (!reserved.isEmpty()) {
            witnesses.add(template.expand(samples(template, exploded, n -> reserved.contains(n) ? "a/b" : "x", false)));
        }
        if (!exploded.isEmpty()) {
            witnesses.add(template.expand(samples(template, exploded, name -> "x", true)));
        }
        witnesses.add(template.expand(Map.of())); // optional expressions all absent: "s{?a}" and "s{?b}" share "s"
        return witnesses;
    }

    private static Map<String, Object> samples(
            UriTemplate template, Set<String> exploded, Function<String, String> sample, boolean twoItems) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String name : template.variableNames()) {
            String value = sample.apply(name);
            values.put(name, exploded.contains(name) ? (twoItems ? List.of(value, "y") : List.of(value)) : value);
        }
        return values;
    }
}
