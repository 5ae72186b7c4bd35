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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * repositories:           # git repositories (the git kind)
 *   - {path: ./repo, name: app}
 * databases:              # databases (the database kind)
 *   - {url: ./app.db}
 * stdio: false            # with http: serve stdio as well
 * tools: true             # also serve the resources as tools (list_resources, read_resource, search_resources)
 * skills: ./skills        # serve a folder of agent skills (the Skills extension, SEP-2640)
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
        Boolean tools,
        String skills,
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

    static final ServeConfig NONE = new ServeConfig(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    /**
     * A config file's settings, and the sections provider kinds read ({@code repositories:},
     * {@code databases:}; each a list of entries), with the line of every key for errors.
     */
    record Loaded(ServeConfig config, Map<String, JsonNode> sections, Path file, Map<String, Integer> lines) {
        static final Loaded NONE = new Loaded(ServeConfig.NONE, Map.of(), null, Map.of());

        /** Where entry {@code index} of a section is written, to start an error: "config file F, line N: ". */
        String where(String section, int index) {
            String entry = "/" + section + "/" + index + "/";
            int line = lines.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(entry))
                    .mapToInt(Map.Entry::getValue)
                    .min()
                    .orElse(lines.getOrDefault("/" + section, 0));
            return "config file " + file + (line > 0 ? ", line " + line : "") + ": ";
        }
    }

    /** Reads a config file; the message of the exception says what to fix, and where. */
    static ServeConfig read(Path file) {
        return read(file, Set.of()).config();
    }

    /** Reads a config file whose {@code sections} belong to provider kinds; other unknown keys are errors. */
    static Loaded read(Path file, Set<String> sections) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY);
        try {
            String text = Files.readString(file);
            JsonNode tree = text.isBlank() ? null : ConfigCheck.read(yaml, text, file.toString(), sections);
            if (tree == null) {
                return Loaded.NONE;
            }
            Map<String, JsonNode> taken = new HashMap<>();
            if (tree instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
                for (String section : sections) {
                    JsonNode node = object.remove(section);
                    if (node != null && node.isObject()) {
                        taken.put(section, yaml.createArrayNode().add(node)); // one entry, as a list of one
                    } else if (node != null && !node.isNull()) {
                        taken.put(section, node);
                    }
                }
            }
            return new Loaded(
                    yaml.treeToValue(tree, ServeConfig.class), Map.copyOf(taken), file, ConfigCheck.lines(yaml, text));
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

    /**
     * The file's top-level keys, read leniently before logging is set up (for the replica's log
     * prefix): an empty node when it cannot be read, which {@code serve} then reports itself.
     */
    static JsonNode replicaKeys(Path file) {
        try {
            JsonNode tree = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
            return tree == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : tree;
        } catch (IOException | RuntimeException e) {
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
    }

    /** A path from the file, resolved against the file's folder ({@code ~/} is the home folder). */
    static Path resolve(Path configFile, String path) {
        Path p = home(path);
        Path base = configFile == null ? null : configFile.toAbsolutePath().getParent();
        return p.isAbsolute() || base == null ? p : base.resolve(p);
    }

    /**
     * A spec from the file or the command line, its path resolved: a folder's path against
     * {@code base} (the file's folder; null for none), and the path after a kind's prefix
     * ({@code git:./repo#app}, {@code sqlite:~/app.db}, {@code jdbc:sqlite:../app.db}) when it
     * plainly is one ({@code ./}, {@code ../} or {@code ~}); other specs as written.
     */
    static String spec(String spec, Path base) {
        java.util.regex.Matcher m = KIND_PREFIX.matcher(spec);
        String prefix = m.lookingAt() ? m.group() : "";
        String path = spec.substring(prefix.length());
        boolean home = path.equals("~") || path.startsWith("~/");
        boolean relative = prefix.isEmpty()
                ? !URI_LIKE.matcher(spec).lookingAt() && !Path.of(path).isAbsolute()
                : path.startsWith("./") || path.startsWith("../");
        if (home) {
            return prefix + home(path);
        }
        return relative && base != null ? prefix + base.resolve(path) : spec;
    }

    /** A spec that starts as a URI does ({@code postgresql://}, {@code foo:}): never a folder's path. */
    private static final java.util.regex.Pattern URI_LIKE = java.util.regex.Pattern.compile("[A-Za-z][A-Za-z0-9+.-]+:");

    /** The kinds' prefixes before a spec's path: "git:", "jdbc:sqlite:" (two letters at least: not C:). */
    private static final java.util.regex.Pattern KIND_PREFIX =
            java.util.regex.Pattern.compile("(?:[A-Za-z][A-Za-z0-9+.-]+:(?!//))+");

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
