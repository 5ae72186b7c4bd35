package dev.reservoir.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** What {@code reservoir serve} shows of the folders it serves, merged with a config file. */
final class FolderOptions {

    @Option(
            names = "--exclude",
            paramLabel = "GLOB",
            description = "Hide files matching this pattern (.gitignore syntax; repeatable), e.g. '*.log' or 'build/'.")
    List<String> excludes = new ArrayList<>();

    @Option(
            names = "--hidden",
            negatable = true,
            description = "Show hidden files (names starting with a dot). Default: no.")
    Boolean hidden;

    @Option(
            names = "--gitignore",
            negatable = true,
            description = "Honour .gitignore files and .git/info/exclude. Default: yes.")
    Boolean gitignore;

    @Option(
            names = "--follow-symlinks",
            negatable = true,
            description = "Follow symbolic links whose target stays inside a served folder. Default: yes.")
    Boolean followSymlinks;

    @Option(
            names = "--max-read-size",
            paramLabel = "SIZE",
            description =
                    "The largest file a client may read (default 64MiB); larger reads get an error naming both sizes.",
            converter = ByteSizeConverter.class)
    Long maxReadSize;

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
