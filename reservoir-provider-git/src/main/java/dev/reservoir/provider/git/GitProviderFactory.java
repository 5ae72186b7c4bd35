package dev.reservoir.provider.git;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.server.spi.FactoryContext;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceProviderFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code git} kind: {@code git:PATH[#NAME]} on the command line, and the configuration file's
 * {@code repositories:} entries ({@code {path: ./repo, name: app}}, paths relative to the file).
 */
public final class GitProviderFactory implements ResourceProviderFactory {

    @Override
    public String kind() {
        return "git";
    }

    @Override
    public String description() {
        return "a git repository's branches, tags, commits, history and work tree, as git://NAME/ URIs";
    }

    @Override
    public String syntax() {
        return GitSpec.PREFIX + "PATH[#NAME]";
    }

    @Override
    public boolean accepts(String spec) {
        return GitSpec.matches(spec);
    }

    @Override
    public String configSection() {
        return "repositories";
    }

    @Override
    public List<ResourceProvider> create(List<String> specs, FactoryContext context) {
        List<ResourceProvider> providers = new ArrayList<>();
        try {
            for (String spec : specs) {
                providers.add(configured(GitProvider.builder(GitSpec.parse(spec)), context));
            }
            for (JsonNode entry : context.settings()) {
                providers.add(configured(entry(entry, context.configFolder()), context));
            }
        } catch (RuntimeException e) {
            providers.forEach(ResourceProvider::close);
            throw e;
        }
        return providers;
    }

    private static GitProviderBuilder entry(JsonNode entry, Path folder) {
        if (!entry.hasNonNull("path")) {
            throw new IllegalArgumentException("a repositories entry needs a path (a git work tree or repository)");
        }
        entry.fieldNames().forEachRemaining(key -> {
            if (!key.equals("path") && !key.equals("name")) {
                throw new IllegalArgumentException("unknown repositories setting '" + key + "' (known: path, name)");
            }
        });
        GitProviderBuilder builder =
                GitProvider.builder(folder.resolve(entry.get("path").asText()));
        return entry.hasNonNull("name") ? builder.name(entry.get("name").asText()) : builder;
    }

    private static GitProvider configured(GitProviderBuilder builder, FactoryContext context) {
        return builder.maxReadBytes(context.maxReadBytes()).build();
    }
}
