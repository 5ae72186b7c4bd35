package dev.reservoir.server.spi;

import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The URIs a provider answers for, so the server routes each URI to its provider without asking
 * providers. Immutable.
 *
 * <p>Most providers declare {@link Prefixes}: a scheme, an authority, a path ({@code git://app},
 * {@code file:///home/me/docs}). The server refuses, when it is built, two providers whose
 * prefixes overlap, since a URI must have one provider. A provider whose URIs cannot be declared
 * up front (a set held in memory that changes) says which it {@link Holds}; the server asks it for
 * a URI no declared prefix and no template claims, in the order providers were added.
 */
public sealed interface UriSpace {

    /** URIs at or below any of these prefixes. */
    record Prefixes(List<UriPrefix> prefixes) implements UriSpace {
        public Prefixes {
            prefixes = List.copyOf(prefixes);
            if (prefixes.isEmpty()) {
                throw new IllegalArgumentException("a provider must declare at least one URI prefix");
            }
        }
    }

    /**
     * The URIs the predicate says the provider holds now. The predicate must be quick, must not
     * block and must not throw: the server calls it on the request's thread.
     */
    record Holds(Predicate<String> holds) implements UriSpace {
        public Holds {
            Objects.requireNonNull(holds, "holds");
        }
    }

    /** URIs at or below these prefixes. */
    static UriSpace of(UriPrefix... prefixes) {
        return new Prefixes(List.of(prefixes));
    }

    /** URIs at or below these prefixes, each parsed by {@link UriPrefix#parse} ({@code git://app}). */
    static UriSpace of(String... prefixes) {
        return new Prefixes(List.of(prefixes).stream().map(UriPrefix::parse).toList());
    }

    /** The URIs the predicate says the provider holds now. */
    static UriSpace holding(Predicate<String> holds) {
        return new Holds(holds);
    }
}
