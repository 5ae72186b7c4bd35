package dev.reservoir.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
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
        Http http) {

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

    static final ServeConfig NONE = new ServeConfig(null, null, null, null, null, null, null, null, null);

    /** Reads a config file; the message of the exception says what to fix. */
    static ServeConfig read(Path file) {
        ObjectMapper yaml =
                new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        try {
            String text = Files.readString(file);
            ServeConfig config = text.isBlank() ? NONE : yaml.readValue(text, ServeConfig.class);
            return config == null ? NONE : config;
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("config file " + file + " does not exist");
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException("config file " + file + ": unknown setting '" + e.getPropertyName()
                    + "' at line " + e.getLocation().getLineNr() + " (known: " + e.getKnownPropertyIds() + ")");
        } catch (JsonProcessingException e) {
            String where =
                    e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
            throw new IllegalArgumentException(
                    "config file " + file + " is not valid" + where + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read config file " + file + ": " + e.getMessage());
        }
    }

    /** A path from the file, resolved against the file's folder. */
    static Path resolve(Path configFile, String path) {
        Path p = Path.of(path);
        Path base = configFile == null ? null : configFile.toAbsolutePath().getParent();
        return p.isAbsolute() || base == null ? p : base.resolve(p);
    }
}
