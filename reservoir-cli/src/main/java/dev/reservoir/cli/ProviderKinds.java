package dev.reservoir.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.server.spi.FactoryContext;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceProviderFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The kinds of provider {@code reservoir serve} can serve: every {@link ResourceProviderFactory}
 * on the class path (a provider jar adds one). Turns specs and configuration sections into providers.
 */
final class ProviderKinds {

    private final List<ResourceProviderFactory> factories;

    ProviderKinds(List<ResourceProviderFactory> factories) {
        this.factories = List.copyOf(factories);
    }

    /** The kinds found on the class path, by name. */
    static ProviderKinds found() {
        List<ResourceProviderFactory> found = new ArrayList<>();
        ServiceLoader.load(ResourceProviderFactory.class).forEach(found::add);
        found.sort(java.util.Comparator.comparing(ResourceProviderFactory::kind));
        return new ProviderKinds(found);
    }

    /** The configuration file's sections the kinds read ({@code repositories}, {@code databases}). */
    Set<String> sections() {
        return factories.stream()
                .map(ResourceProviderFactory::configSection)
                .filter(java.util.Objects::nonNull)
                .collect(Collectors.toSet());
    }

    /** One line per kind, for {@code reservoir serve --help}. */
    String describe() {
        StringBuilder out = new StringBuilder();
        for (ResourceProviderFactory f : factories) {
            out.append("  ")
                    .append(String.format("%-9s", f.kind()))
                    .append(f.syntax())
                    .append(": ")
                    .append(f.description())
                    .append("%n");
        }
        return out.toString();
    }

    /**
     * The providers for the specs and sections, kind by kind; IllegalArgumentException names a spec
     * no kind (or two kinds) accepts, and the kinds there are.
     *
     * @param folderSettings the settings of the {@code folder} kind (from options and the file's top level)
     */
    List<ResourceProvider> create(
            List<String> specs, Map<String, JsonNode> sections, JsonNode folderSettings, FactoryContext context) {
        Map<ResourceProviderFactory, List<String>> byKind = new LinkedHashMap<>();
        factories.forEach(f -> byKind.put(f, new ArrayList<>()));
        for (String spec : specs) {
            List<ResourceProviderFactory> accepting =
                    factories.stream().filter(f -> f.accepts(spec)).toList();
            if (accepting.isEmpty()) {
                throw new IllegalArgumentException(
                        "no kind of provider serves '" + spec + "'; the kinds are:%n".formatted()
                                + describe().formatted().stripTrailing());
            }
            if (accepting.size() > 1) {
                throw new IllegalArgumentException("'" + spec + "' could be served as "
                        + accepting.stream().map(ResourceProviderFactory::kind).toList()
                        + "; write it so only one kind accepts it");
            }
            byKind.get(accepting.getFirst()).add(spec);
        }
        List<ResourceProvider> providers = new ArrayList<>();
        try {
            for (var kind : byKind.entrySet()) {
                ResourceProviderFactory f = kind.getKey();
                JsonNode settings = f.configSection() != null
                        ? sections.get(f.configSection())
                        : f.kind().equals("folder") ? folderSettings : null;
                if (!kind.getValue().isEmpty() || (settings != null && f.configSection() != null)) {
                    providers.addAll(f.create(kind.getValue(), context.withSettings(settings)));
                }
            }
        } catch (RuntimeException e) {
            providers.forEach(ResourceProvider::close);
            throw e;
        }
        return providers;
    }
}
