package dev.reservoir.server.internal;

import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The URI spaces providers declared, indexed by scheme: which provider a URI belongs to, without
 * asking any. Overlapping declarations are refused when it is made. Immutable; thread-safe.
 */
final class UriSpaces {

    private record Declared(UriPrefix prefix, ResourceProvider provider) {}

    private final Map<String, List<Declared>> byScheme = new HashMap<>();
    private final List<UriSpace.Holds> holds = new ArrayList<>();
    private final List<ResourceProvider> holders = new ArrayList<>();

    private record Scheme(String name, List<Declared> declared) {}

    /** The schemes, when there are few enough to compare in place; null otherwise. */
    private final Scheme[] scanned;

    /** Throws IllegalArgumentException naming both providers and the fix when two declarations overlap. */
    UriSpaces(List<ResourceProvider> providers) {
        for (ResourceProvider provider : providers) {
            // An if chain, not a pattern switch: a session's first requests make no class at run time
            // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
            UriSpace space = provider.space();
            if (space instanceof UriSpace.Prefixes p) {
                p.prefixes().forEach(prefix -> declare(prefix, provider));
            } else if (space instanceof UriSpace.Holds h) {
                holds.add(h);
                holders.add(provider);
            }
        }
        scanned = byScheme.size() > SCHEMES_SCANNED
                ? null
                : byScheme.entrySet().stream()
                        .map(e -> new Scheme(e.getKey(), e.getValue()))
                        .toArray(Scheme[]::new);
    }

    private void declare(UriPrefix prefix, ResourceProvider provider) {
        List<Declared> same = byScheme.computeIfAbsent(prefix.scheme(), s -> new ArrayList<>());
        for (Declared other : same) {
            if (other.prefix().overlaps(prefix)) {
                String where = other.prefix().equals(prefix) ? prefix.toString() : other.prefix() + " and " + prefix;
                throw new IllegalArgumentException(describe(other.provider()) + " and " + describe(provider)
                        + " both answer for " + where
                        + ": every URI must have one provider, so serve them under different names"
                        + " (git:PATH#NAME, a database entry's name:) or only the outer folder");
            }
        }
        same.add(new Declared(prefix, provider));
    }

    /** The provider whose declared prefix holds the URI, or null. */
    ResourceProvider declaredOwner(String uri) {
        int colon = uri.indexOf(':');
        List<Declared> candidates = colon <= 0 ? null : declaredFor(uri, colon);
        if (candidates != null) {
            for (Declared declared : candidates) {
                if (declared.prefix().contains(uri)) {
                    return declared.provider();
                }
            }
        }
        return null;
    }

    /** Servers with up to this many schemes find a URI's without a copy of it. */
    private static final int SCHEMES_SCANNED = 8;

    /**
     * The declarations of the URI's scheme (its first {@code colon} characters, in any case). A
     * few schemes are compared in place: the scheme's copy, lower-cased, and its hash were a
     * fiftieth of a small read's server time.
     */
    private List<Declared> declaredFor(String uri, int colon) {
        if (scanned != null) {
            for (Scheme scheme : scanned) {
                String name = scheme.name(); // lower case, as UriPrefix keeps it
                if (name.length() == colon && uri.regionMatches(true, 0, name, 0, colon)) {
                    return scheme.declared();
                }
            }
            return null;
        }
        return byScheme.get(uri.substring(0, colon).toLowerCase(Locale.ROOT));
    }

    /** The providers that say they hold the URI, in the order they were added. */
    List<ResourceProvider> holders(String uri) {
        List<ResourceProvider> found = new ArrayList<>(1);
        for (int i = 0; i < holds.size(); i++) {
            if (holds.get(i).holds().test(uri)) {
                found.add(holders.get(i));
            }
        }
        return found;
    }

    /** Refuses a provider template that starts outside the provider's declared prefixes. */
    void requireCovered(ResourceProvider provider, String template) {
        if (!(provider.space() instanceof UriSpace.Prefixes p)) {
            return;
        }
        int brace = template.indexOf('{');
        String literal = brace < 0 ? template : template.substring(0, brace);
        if (p.prefixes().stream().noneMatch(prefix -> prefix.covers(literal))) {
            throw new IllegalArgumentException("template '" + template + "' of " + describe(provider)
                    + " starts outside the URIs it declares (" + p.prefixes()
                    + "); a provider's templates must lie in its space");
        }
    }

    private static String describe(ResourceProvider provider) {
        return "provider " + provider;
    }
}
