package dev.reservoir.provider.fs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reservoir.server.spi.FactoryContext;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceProviderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code folder} kind: a spec that is a folder ({@code ./docs}, {@code ~/notes}). All the
 * folders of one command line are served by one provider, as before. Its settings (from the
 * command line or the configuration file's top level) are {@code exclude}, {@code hidden},
 * {@code gitignore}, {@code followSymlinks} and {@code maxReadBytes}.
 */
public final class FolderProviderFactory implements ResourceProviderFactory {

    @Override
    public String kind() {
        return "folder";
    }

    @Override
    public String description() {
        return "a folder's files and subfolders, as file: URIs";
    }

    @Override
    public String syntax() {
        return "PATH (a folder)";
    }

    /** A folder that exists, or a path that is plainly meant as one (no "kind:" prefix, not a file). */
    @Override
    public boolean accepts(String spec) {
        if (spec.matches("[A-Za-z][A-Za-z0-9+.-]+:.*")) {
            return false; // git:..., jdbc:..., postgres://... belong to other kinds
        }
        Path path = Path.of(spec);
        return Files.isDirectory(path) || !Files.exists(path);
    }

    @Override
    public List<ResourceProvider> create(List<String> specs, FactoryContext context) {
        if (specs.isEmpty()) {
            return List.of();
        }
        JsonNode s = context.settings();
        FileSystemProviderBuilder builder =
                FileSystemProvider.builder().roots(specs.stream().map(Path::of).toList());
        if (s.has("exclude")) {
            List<String> exclude = new ArrayList<>();
            s.get("exclude").forEach(e -> exclude.add(e.asText()));
            builder.excludes(exclude);
        }
        builder.showHidden(s.path("hidden").asBoolean(false));
        builder.gitignore(s.path("gitignore").asBoolean(true));
        builder.followSymlinks(s.path("followSymlinks").asBoolean(true));
        builder.maxReadBytes(s.path("maxReadBytes").asLong(context.maxReadBytes()));
        return List.of(builder.build());
    }
}
