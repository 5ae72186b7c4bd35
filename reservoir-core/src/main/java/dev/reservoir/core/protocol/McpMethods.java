package dev.reservoir.core.protocol;

/** Names of the MCP notifications Reservoir sends and handles (request methods are {@link McpMethod}). */
public final class McpMethods {
    public static final String NOTIFICATION_INITIALIZED = "notifications/initialized";
    public static final String NOTIFICATION_CANCELLED = "notifications/cancelled";
    public static final String NOTIFICATION_RESOURCE_UPDATED = "notifications/resources/updated";
    public static final String NOTIFICATION_RESOURCE_LIST_CHANGED = "notifications/resources/list_changed";
    public static final String NOTIFICATION_MESSAGE = "notifications/message";
    public static final String NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED = "notifications/subscriptions/acknowledged";

    private McpMethods() {}
}
