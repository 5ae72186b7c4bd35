package dev.reservoir.cli;

import static dev.reservoir.cli.Bindings.option;
import static dev.reservoir.cli.Bindings.strings;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** What {@code reservoir serve} shows of the folders it serves, merged with a config file. */
final class FolderOptions {

    List<String> excludes = new ArrayList<>();
    Boolean hidden;
    Boolean gitignore;
    Boolean followSymlinks;
    Long maxReadSize;

    /** Declares these options on serve's command (see {@link Bindings} for why not annotations). */
    void addTo(CommandSpec spec) {
        spec.addOption(strings("--exclude", () -> excludes, v -> excludes = v)
                .paramLabel("GLOB")
                .description(
                        "Hide files matching this pattern (.gitignore syntax; repeatable), e.g. '*.log' or 'build/'.")
                .build());
        spec.addOption(option("--hidden", Boolean.class, () -> hidden, v -> hidden = v)
                .negatable(true)
                .description("Show hidden files (names starting with a dot). Default: no.")
                .build());
        spec.addOption(option("--gitignore", Boolean.class, () -> gitignore, v -> gitignore = v)
                .negatable(true)
                .description("Honour .gitignore files and .git/info/exclude. Default: yes.")
                .build());
        spec.addOption(option("--follow-symlinks", Boolean.class, () -> followSymlinks, v -> followSymlinks = v)
                .negatable(true)
                .description("Follow symbolic links whose target stays inside a served folder. Default: yes.")
                .build());
        spec.addOption(option("--max-read-size", Long.class, () -> maxReadSize, v -> maxReadSize = v)
                .paramLabel("SIZE")
                .description(
                        "The largest file a client may read (default 64MiB); larger reads get an error naming both sizes.")
                .converters(new ByteSizeConverter())
                .build());
    }

    /** The settings of the folder kind: these options, else the config file's, else the defaults. */
    ObjectNode settings(ServeConfig config) {
        ObjectNode settings = JsonNodeFactory.instance.objectNode();
        List<String> exclude = !excludes.isEmpty() ? excludes : config.exclude();
        if (exclude != null) {
            exclude.forEach(settings.putArray("exclude")::add);
        }
        settings.put("hidden", first(hidden, config.hidden(), false));
        settings.put("gitignore", first(gitignore, config.gitignore(), true));
        settings.put("followSymlinks", first(followSymlinks, config.followSymlinks(), true));
        settings.put("maxReadBytes", maxReadBytes(config));
        return settings;
    }

    /** The largest read allowed, for the server's own limit. */
    long maxReadBytes(ServeConfig config) {
        if (maxReadSize != null) {
            return maxReadSize;
        }
        return config.maxReadSize() == null ? 64L << 20 : ByteSizeConverter.parse(config.maxReadSize());
    }

    private static boolean first(Boolean cli, Boolean file, boolean fallback) {
        return cli != null ? cli : file != null ? file : fallback;
    }
}
