package dev.reservoir.core.protocol;

/** Method names of the MCP messages Reservoir handles. */
public final class McpMethods {
    public static final String INITIALIZE = "initialize";
    public static final String PING = "ping";
    public static final String SERVER_DISCOVER = "server/discover";
    public static final String RESOURCES_LIST = "resources/list";
    public static final String RESOURCES_TEMPLATES_LIST = "resources/templates/list";
    public static final String RESOURCES_READ = "resources/read";
    /** SEP-2093 (draft). */
    public static final String RESOURCES_METADATA = "resources/metadata";

    public static final String RESOURCES_SUBSCRIBE = "resources/subscribe";
    public static final String RESOURCES_UNSUBSCRIBE = "resources/unsubscribe";
    public static final String SUBSCRIPTIONS_LISTEN = "subscriptions/listen";
    public static final String COMPLETION_COMPLETE = "completion/complete";
    /** Tools (served only with the tools bridge on). */
    public static final String TOOLS_LIST = "tools/list";

    public static final String TOOLS_CALL = "tools/call";
    /** The Skills extension (SEP-2640), served only when a server serves skills. */
    public static final String SKILLS_LIST = "skills/list";

    public static final String SKILLS_GET = "skills/get";
    /** The Skills extension's directory listing (SEP-2640, with directoryRead). */
    public static final String RESOURCES_DIRECTORY_READ = "resources/directory/read";
    /** Session era only (2026-07-28 sets the level per request in _meta). */
    public static final String LOGGING_SET_LEVEL = "logging/setLevel";

    public static final String NOTIFICATION_INITIALIZED = "notifications/initialized";
    public static final String NOTIFICATION_CANCELLED = "notifications/cancelled";
    public static final String NOTIFICATION_RESOURCE_UPDATED = "notifications/resources/updated";
    public static final String NOTIFICATION_RESOURCE_LIST_CHANGED = "notifications/resources/list_changed";
    public static final String NOTIFICATION_MESSAGE = "notifications/message";
    public static final String NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED = "notifications/subscriptions/acknowledged";

    private McpMethods() {}
}
