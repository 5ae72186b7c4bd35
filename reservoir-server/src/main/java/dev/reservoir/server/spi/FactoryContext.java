package dev.reservoir.server.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link ResourceProviderFactory} is given besides its specs. Immutable.
 *
 * @param settings the kind's settings from the configuration file (its section, as YAML makes it:
 *     for a section of entries, an array), or a missing node when there are none
 * @param configFolder the configuration file's folder, against which relative paths in it resolve;
 *     the working folder when there is no file
 * @param environment the environment variables to look secrets up in ({@code passwordEnv},
 *     {@code PGPASSWORD}) and {@code HOME}; tests give their own
 * @param requestTimeout how long the server lets a request take
 * @param maxReadBytes the server's read limit
 */
public record FactoryContext(
        JsonNode settings,
        Path configFolder,
        Map<String, String> environment,
        Duration requestTimeout,
        long maxReadBytes) {

    public FactoryContext {
        settings = settings == null ? MissingNode.getInstance() : settings;
        Objects.requireNonNull(configFolder, "configFolder");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(requestTimeout, "requestTimeout");
    }

    /** The context for specs alone: no settings, the working folder, the process's environment, 30 s, 64 MiB. */
    public static FactoryContext defaults() {
        return new FactoryContext(
                MissingNode.getInstance(),
                Path.of("").toAbsolutePath(),
                System.getenv(),
                Duration.ofSeconds(30),
                64L << 20);
    }

    /** The same context with other settings (the section of one kind). */
    public FactoryContext withSettings(JsonNode section) {
        return new FactoryContext(section, configFolder, environment, requestTimeout, maxReadBytes);
    }
}
