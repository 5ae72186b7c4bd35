package dev.reservoir.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
        found.sort((a, b) -> a.kind().compareTo(b.kind())); // not Comparator.comparing: see UriTemplateTable
        return new ProviderKinds(found);
    }

    /** The configuration file's sections the kinds read ({@code repositories}, {@code databases}). */
    Set<String> sections() {
        return factories.stream()
                .map(ResourceProviderFactory::configSection)
                .filter(java.util.Objects::nonNull)
                .collect(Collectors.toSet());
    }

    /**
     * One entry per kind, for {@code reservoir serve --help} and errors: its name, how a spec is
     * written and what it serves, wrapped to {@link #WIDTH} columns under the syntax (help would
     * otherwise wrap it at the margin).
     */
    String describe() {
        StringBuilder out = new StringBuilder();
        for (ResourceProviderFactory f : factories) {
            StringBuilder line = new StringBuilder("  " + String.format("%-9s", f.kind()) + f.syntax() + ":");
            for (String word : f.description().split(" ")) {
                if (line.length() + 1 + word.length() > WIDTH) {
                    out.append(line).append("%n");
                    line = new StringBuilder(" ".repeat(INDENT - 1));
                }
                line.append(' ').append(word);
            }
            out.append(line).append("%n");
        }
        return out.toString();
    }

    /** The width of help text (picocli's), and where a kind's wrapped description starts. */
    private static final int WIDTH = 79;

    private static final int INDENT = 11;

    /**
     * The providers for the specs and the file's sections, kind by kind; IllegalArgumentException
     * names a spec no kind (or two kinds) accepts, and the kinds there are, or the file and line of
     * a section's entry its kind refused.
     *
     * @param folderSettings the settings of the {@code folder} kind (from options and the file's top level)
     */
    List<ResourceProvider> create(
            List<String> specs, ServeConfig.Loaded file, JsonNode folderSettings, FactoryContext context) {
        Map<ResourceProviderFactory, List<String>> byKind = new LinkedHashMap<>();
        factories.forEach(f -> byKind.put(f, new ArrayList<>()));
        specs.forEach(spec -> byKind.get(kindOf(spec)).add(spec));
        List<ResourceProvider> providers = new ArrayList<>();
        try {
            for (var kind : byKind.entrySet()) {
                ResourceProviderFactory f = kind.getKey();
                if (!kind.getValue().isEmpty()) {
                    JsonNode settings = f.kind().equals("folder") ? folderSettings : null;
                    providers.addAll(f.create(kind.getValue(), context.withSettings(settings)));
                }
                String section = f.configSection();
                JsonNode entries = section == null ? null : file.sections().get(section);
                for (int i = 0; entries != null && i < entries.size(); i++) {
                    providers.addAll(entry(f, entries.get(i), context, file.where(section, i)));
                }
            }
        } catch (RuntimeException e) {
            providers.forEach(ResourceProvider::close);
            throw e;
        }
        return providers;
    }

    /** The one kind that accepts a spec. */
    ResourceProviderFactory kindOf(String spec) {
        List<ResourceProviderFactory> accepting =
                factories.stream().filter(f -> f.accepts(spec)).toList();
        if (accepting.isEmpty()) {
            throw new IllegalArgumentException("no kind of provider serves '" + spec + "'; the kinds are:%n".formatted()
                    + describe().formatted().stripTrailing());
        }
        if (accepting.size() > 1) {
            throw new IllegalArgumentException("'" + spec + "' could be served as "
                    + accepting.stream().map(ResourceProviderFactory::kind).toList()
                    + "; write it so only one kind accepts it");
        }
        return accepting.getFirst();
    }

    /** The providers of one entry of a kind's section; a refusal names where the entry is written. */
    private static List<ResourceProvider> entry(
            ResourceProviderFactory f, JsonNode entry, FactoryContext context, String where) {
        try {
            return f.create(
                    List.of(),
                    context.withSettings(JsonNodeFactory.instance.arrayNode().add(entry)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage(), e);
        }
    }
}
