package dev.reservoir.core.protocol;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The MCP request methods Reservoir knows: the one table of wire name, the eras a method exists
 * in, whether it changes session state, and the body field its {@code Mcp-Name} header mirrors.
 * Adding a method is one entry here and one handler in the server's dispatcher.
 */
public enum McpMethod {
    INITIALIZE("initialize", Eras.SESSION, true, null),
    PING("ping", Eras.SESSION, true, null),
    /** Session era only (the stateless era sets the level per request in {@code _meta}). */
    LOGGING_SET_LEVEL("logging/setLevel", Eras.SESSION, true, null),
    SERVER_DISCOVER("server/discover", Eras.STATELESS, false, null),
    RESOURCES_LIST("resources/list", Eras.BOTH, false, null),
    RESOURCES_TEMPLATES_LIST("resources/templates/list", Eras.BOTH, false, null),
    RESOURCES_READ("resources/read", Eras.BOTH, false, "uri"),
    /** SEP-2093 (draft). */
    RESOURCES_METADATA("resources/metadata", Eras.BOTH, false, null),
    COMPLETION_COMPLETE("completion/complete", Eras.BOTH, false, null),
    RESOURCES_SUBSCRIBE("resources/subscribe", Eras.SESSION, true, null),
    RESOURCES_UNSUBSCRIBE("resources/unsubscribe", Eras.SESSION, true, null),
    SUBSCRIPTIONS_LISTEN("subscriptions/listen", Eras.STATELESS, true, null),
    /** Tools (served only with the tools bridge on). */
    TOOLS_LIST("tools/list", Eras.BOTH, false, null),
    TOOLS_CALL("tools/call", Eras.BOTH, false, "name"),
    /** The Skills extension (SEP-2640), served only when a server serves skills. */
    SKILLS_LIST("skills/list", Eras.BOTH, false, null),
    SKILLS_GET("skills/get", Eras.BOTH, false, null),
    /** The Skills extension's directory listing (SEP-2640, with directoryRead). */
    RESOURCES_DIRECTORY_READ("resources/directory/read", Eras.BOTH, false, null),
    /** Reservoir serves no prompts; listed because its requests carry an {@code Mcp-Name} header. */
    PROMPTS_GET("prompts/get", Eras.NONE, false, "name");

    /** Which eras a method exists in. */
    private enum Eras {
        SESSION,
        STATELESS,
        BOTH,
        NONE
    }

    private static final Map<String, McpMethod> BY_WIRE = new HashMap<>();

    static {
        for (McpMethod method : values()) {
            BY_WIRE.put(method.wire, method);
        }
    }

    private final String wire;
    private final Eras eras;
    private final boolean changesSession;
    private final String nameField;

    McpMethod(String wire, Eras eras, boolean changesSession, String nameField) {
        this.wire = wire;
        this.eras = eras;
        this.changesSession = changesSession;
        this.nameField = nameField;
    }

    /** The method with this wire name, if Reservoir knows it. */
    public static Optional<McpMethod> fromWire(String name) {
        return Optional.ofNullable(name == null ? null : BY_WIRE.get(name));
    }

    /** The method's name on the wire. */
    public String wire() {
        return wire;
    }

    /** Whether the method exists in this revision. */
    public boolean existsIn(ProtocolRevision revision) {
        return switch (eras) {
            case SESSION -> !revision.isStateless();
            case STATELESS -> revision.isStateless();
            case BOTH -> true;
            case NONE -> false;
        };
    }

    /**
     * Whether the method changes session state: such requests run in arrival order, before the next
     * message is read (a client may send initialize and then resources/list without waiting, or
     * subscribe and then unsubscribe, and must see them take effect in that order).
     */
    public boolean changesSession() {
        return changesSession;
    }

    /** The {@code params} field the {@code Mcp-Name} header mirrors, or null when the method has none. */
    public String nameField() {
        return nameField;
    }

    @Override
    public String toString() {
        return wire;
    }
}
