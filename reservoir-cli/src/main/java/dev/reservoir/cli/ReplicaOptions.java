package dev.reservoir.cli;

import static dev.reservoir.cli.Bindings.option;

import dev.reservoir.bus.redis.RedisNotificationBus;
import dev.reservoir.server.McpServerBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The options of {@code reservoir serve} for running many replicas of one service behind a load
 * balancer: a shared notification bus, a shared cursor key and each replica's name; merged with
 * the same settings of a config file.
 */
final class ReplicaOptions {

    /** The fewest bytes a cursor key may have (HMAC-SHA256). */
    static final int MIN_KEY_BYTES = 32;

    String replicaId;
    String bus;
    String busPrefix;
    String cursorKeyEnv;
    Path cursorKeyFile;

    /** Declares these options on serve's command (see {@link Bindings} for why not annotations). */
    void addTo(CommandSpec spec) {
        spec.addOption(option("--replica-id", String.class, () -> replicaId, v -> replicaId = v)
                .paramLabel("NAME")
                .description(
                        "This replica's name, in its log lines and health answers (default: host name and process id).")
                .build());
        spec.addOption(option("--bus", String.class, () -> bus, v -> bus = v)
                .paramLabel("URL")
                .description("Share change notifications with the other replicas through Redis (redis://HOST:PORT or"
                        + " rediss://): a change any replica detects reaches the subscribers of all, once.")
                .build());
        spec.addOption(option("--bus-prefix", String.class, () -> busPrefix, v -> busPrefix = v)
                .paramLabel("NAME")
                .description(
                        "The Redis channel and key prefix of this service (default: reservoir); services sharing one"
                                + " Redis need their own.")
                .build());
        spec.addOption(option("--cursor-key-env", String.class, () -> cursorKeyEnv, v -> cursorKeyEnv = v)
                .paramLabel("NAME")
                .description(
                        "Sign page cursors with the key in this environment variable (at least 32 bytes), the same on"
                                + " every replica, so a page cursor from one replica works on another.")
                .build());
        spec.addOption(option("--cursor-key-file", Path.class, () -> cursorKeyFile, v -> cursorKeyFile = v)
                .paramLabel("PATH")
                .description(
                        "Sign page cursors with the key in this file (at least 32 bytes; a final line break is ignored).")
                .build());
    }

    /** The replica name given on the command line or in the config, or null. */
    String replicaId(ServeConfig config) {
        return replicaId != null ? replicaId : config.replicaId();
    }

    /** The bus URL given, or null (then changes stay in this process). */
    String busUrl(ServeConfig config) {
        return bus != null ? bus : config.bus();
    }

    /** Sets the replica name, the bus and the cursor key on the builder; returns the replica name. */
    String configure(McpServerBuilder builder, ServeConfig config, Path configFile) throws IOException {
        String id = replicaId(config);
        String name = id != null ? id : McpServerBuilder.defaultReplicaId();
        builder.replicaId(name);
        byte[] key = cursorKey(config, configFile);
        if (key != null) {
            builder.cursorKey(key);
        }
        String url = busUrl(config);
        String prefix = busPrefix != null ? busPrefix : config.busPrefix();
        if (url != null) {
            builder.bus(RedisNotificationBus.create(url, prefix != null ? prefix : "reservoir", name));
        } else if (prefix != null) {
            throw new IllegalArgumentException("--bus-prefix needs --bus redis://HOST:PORT");
        }
        return name;
    }

    private byte[] cursorKey(ServeConfig config, Path configFile) throws IOException {
        boolean given = cursorKeyEnv != null || cursorKeyFile != null;
        String env = given ? cursorKeyEnv : config.cursorKeyEnv();
        Path file = given
                ? cursorKeyFile
                : config.cursorKeyFile() == null ? null : ServeConfig.resolve(configFile, config.cursorKeyFile());
        if (env != null && file != null) {
            throw new IllegalArgumentException("give --cursor-key-env or --cursor-key-file, not both");
        }
        String text;
        String where;
        if (env != null) {
            text = System.getenv(env);
            where = "environment variable " + env;
            if (text == null) {
                throw new IllegalArgumentException("environment variable " + env + " (the cursor key) is not set");
            }
        } else if (file != null) {
            text = Files.readString(file, StandardCharsets.UTF_8).stripTrailing();
            where = "file " + file;
        } else {
            return null;
        }
        byte[] key = text.getBytes(StandardCharsets.UTF_8);
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the cursor key in " + where + " has " + key.length
                    + " bytes; it needs at least " + MIN_KEY_BYTES + " (make one with: openssl rand -base64 32)");
        }
        return key;
    }
}
