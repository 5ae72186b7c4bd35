package dev.reservoir.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The MCP clients whose configuration {@code reservoir config} writes: where each keeps it and
 * the shape of one stdio server entry in it. Immutable.
 */
enum ClientConfig {
    /** Claude Desktop: claude_desktop_config.json, servers under "mcpServers". */
    CLAUDE("mcpServers", false),
    /** VS Code: the workspace's .vscode/mcp.json, servers under "servers" with "type": "stdio". */
    VSCODE("servers", true),
    /** Cursor: ~/.cursor/mcp.json (global), servers under "mcpServers". */
    CURSOR("mcpServers", false),
    /** The MCP Inspector: a file given with --config (no fixed place), servers under "mcpServers". */
    INSPECTOR("mcpServers", true);

    /** Lenient reading of an existing file: VS Code's mcp.json may hold comments and trailing commas. */
    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA)
            .build();

    private final String serversKey;
    private final boolean typed;

    ClientConfig(String serversKey, boolean typed) {
        this.serversKey = serversKey;
        this.typed = typed;
    }

    /** The client named on the command line (claude, vscode, cursor, inspector), or null. */
    static ClientConfig named(String name) {
        for (ClientConfig client : values()) {
            if (client.cliName().equals(name.toLowerCase(Locale.ROOT))) {
                return client;
            }
        }
        return null;
    }

    String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    String serversKey() {
        return serversKey;
    }

    /**
     * Where the client reads its configuration on this machine, or null when it has no fixed
     * place (the Inspector). {@code env} supplies HOME and APPDATA; {@code os} is os.name.
     */
    Path location(Map<String, String> env, String os, Path workingDirectory) {
        Path home = Path.of(env.getOrDefault("HOME", System.getProperty("user.home")));
        String system = os.toLowerCase(Locale.ROOT);
        return switch (this) {
            case CLAUDE -> {
                if (system.contains("mac")) {
                    yield home.resolve("Library/Application Support/Claude/claude_desktop_config.json");
                } else if (system.contains("win") && env.containsKey("APPDATA")) {
                    yield Path.of(env.get("APPDATA"), "Claude", "claude_desktop_config.json");
                }
                yield home.resolve(".config/Claude/claude_desktop_config.json");
            }
            case VSCODE -> workingDirectory.resolve(".vscode/mcp.json");
            case CURSOR -> home.resolve(".cursor/mcp.json");
            case INSPECTOR -> null;
        };
    }

    /** One server entry: the command and its arguments (and "type": "stdio" where the client wants it). */
    ObjectNode entry(List<String> command) {
        ObjectNode entry = Listing.JSON.createObjectNode();
        if (typed) {
            entry.put("type", "stdio");
        }
        entry.put("command", command.getFirst());
        ArrayNode args = entry.putArray("args");
        command.subList(1, command.size()).forEach(args::add);
        return entry;
    }

    /** A whole file holding only this server. */
    ObjectNode file(String name, List<String> command) {
        ObjectNode root = Listing.JSON.createObjectNode();
        root.putObject(serversKey).set(name, entry(command));
        return root;
    }

    /**
     * An existing file's text with this server added (or replacing the server of the same name);
     * every other key and server is kept. Throws IllegalArgumentException when the text is not a
     * JSON object or its servers key is not an object.
     */
    ObjectNode merged(String existing, String name, List<String> command) {
        JsonNode root;
        try {
            root = existing.isBlank() ? Listing.JSON.createObjectNode() : LENIENT.readTree(existing);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("it is not JSON (" + e.getOriginalMessage() + ")");
        }
        if (!(root instanceof ObjectNode object)) {
            throw new IllegalArgumentException("it does not hold a JSON object");
        }
        JsonNode servers = object.get(serversKey);
        if (servers != null && !(servers instanceof ObjectNode)) {
            throw new IllegalArgumentException("its \"" + serversKey + "\" is not an object");
        }
        ObjectNode into = servers == null ? object.putObject(serversKey) : (ObjectNode) servers;
        into.set(name, entry(command));
        return object;
    }

    /** Whether an existing file's text (as merged reads it) already has a server of this name. */
    boolean holds(String existing, String name) {
        try {
            return !existing.isBlank()
                    && LENIENT.readTree(existing).path(serversKey).has(name);
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** JSON as people write these files: two-space indents, "key": value. */
    static String pretty(JsonNode node) throws JsonProcessingException {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(
                        Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        return Listing.JSON.writer(printer).writeValueAsString(node);
    }

    /** The command that starts Reservoir: ./reservoir when it started this, else java -jar with absolute paths. */
    static List<String> launcher() {
        String launcher = System.getProperty("reservoir.launcher");
        if (launcher != null) {
            return List.of(launcher);
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        try {
            Path jar = Path.of(ClientConfig.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return List.of(java, "-jar", jar.toAbsolutePath().toString());
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return List.of(java, "-jar", "reservoir.jar");
        }
    }

    /** A server name for the config: the folder's name, in lower case, letters, digits and dashes. */
    static String serverName(Path folder) {
        Path file = folder.getFileName();
        String name =
                file == null ? "" : file.toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        name = name.replaceAll("^-+|-+$", "");
        return name.isEmpty() ? "reservoir" : name;
    }

    /** A word a POSIX shell reads back as itself. */
    static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./=:@%+-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
