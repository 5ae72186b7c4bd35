package dev.reservoir.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The settings of {@code reservoir serve --config FILE}: the same as the command-line options, in
 * YAML. Options given on the command line win over the file. Relative paths in the file are
 * relative to the file's folder. Unknown keys are errors (a typo must not be silently ignored).
 *
 * <pre>
 * name: docs
 * paths: [./docs, ./specs]
 * exclude: ["*.log", "build/"]
 * hidden: false
 * gitignore: true
 * followSymlinks: true
 * maxReadSize: 64MiB
 * stdio: false            # with http: serve stdio as well
 * replicaId: web-1         # many replicas behind a load balancer:
 * bus: redis://redis:6379  #   changes shared through Redis
 * busPrefix: docs          #   this service's channel and keys in Redis
 * cursorKeyEnv: RESERVOIR_CURSOR_KEY   # or cursorKeyFile: /etc/reservoir/cursor.key
 * http:
 *   listen: 127.0.0.1:8080
 *   allowHosts: [docs.example.com]
 *   allowOrigins: [https://app.example.com]
 *   tokenEnv: RESERVOIR_TOKEN    # or tokenFile: /etc/reservoir/tokens
 *   tls: {keystore: server.p12, passwordEnv: KEYSTORE_PASSWORD}
 *   maxRequestSize: 4MiB
 *   ssePoll: 30s
 * </pre>
 */
record ServeConfig(
        String name,
        List<String> paths,
        List<String> exclude,
        Boolean hidden,
        Boolean gitignore,
        Boolean followSymlinks,
        String maxReadSize,
        Boolean stdio,
        Http http,
        String replicaId,
        String bus,
        String busPrefix,
        String cursorKeyEnv,
        String cursorKeyFile) {

    /** The {@code http:} section. */
    record Http(
            String listen,
            List<String> allowHosts,
            List<String> allowOrigins,
            String tokenEnv,
            String tokenFile,
            Tls tls,
            String maxRequestSize,
            String ssePoll) {}

    /** The {@code http.tls:} section. */
    record Tls(String keystore, String passwordEnv, String passwordFile) {}

    static final ServeConfig NONE =
            new ServeConfig(null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    /** Reads a config file; the message of the exception says what to fix, and where. */
    static ServeConfig read(Path file) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY);
        try {
            String text = Files.readString(file);
            JsonNode tree = text.isBlank() ? null : ConfigCheck.read(yaml, text, file.toString());
            return tree == null ? NONE : yaml.treeToValue(tree, ServeConfig.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("config file " + file + " does not exist");
        } catch (JsonProcessingException e) {
            String where =
                    e.getLocation() == null ? "" : ", line " + e.getLocation().getLineNr();
            throw new IllegalArgumentException(
                    "config file " + file + where + " is not valid YAML: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read config file " + file + ": " + e.getMessage());
        }
    }

    /** A path from the file, resolved against the file's folder ({@code ~/} is the home folder). */
    static Path resolve(Path configFile, String path) {
        Path p = home(path);
        Path base = configFile == null ? null : configFile.toAbsolutePath().getParent();
        return p.isAbsolute() || base == null ? p : base.resolve(p);
    }

    /**
     * A path as typed, with a leading {@code ~} (alone or before {@code /}) as the home folder: a
     * shell expands it, but not inside quotes, nor in a client's config or a YAML file.
     */
    static Path home(String path) {
        if (path.equals("~") || path.startsWith("~/")) {
            return Path.of(System.getProperty("user.home") + path.substring(1));
        }
        return Path.of(path);
    }
}
