package dev.reservoir.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.protocol.McpMethod;
import dev.reservoir.core.protocol.McpMethods;
import dev.reservoir.core.protocol.ProtocolRevision;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks a message a server sent against the official schema of the revision in use: the JSON-RPC
 * envelope, and the result, error or notification type the message must be.
 */
public final class MessageValidator {

    private static final Map<String, String> RESULTS = Map.ofEntries(
            Map.entry(McpMethod.INITIALIZE.wire(), "InitializeResult"),
            Map.entry(McpMethod.PING.wire(), "EmptyResult"),
            Map.entry(McpMethod.SERVER_DISCOVER.wire(), "DiscoverResult"),
            Map.entry(McpMethod.RESOURCES_LIST.wire(), "ListResourcesResult"),
            Map.entry(McpMethod.RESOURCES_TEMPLATES_LIST.wire(), "ListResourceTemplatesResult"),
            Map.entry(McpMethod.RESOURCES_READ.wire(), "ReadResourceResult"),
            Map.entry(McpMethod.RESOURCES_METADATA.wire(), "ReadResourceMetadataResult"),
            Map.entry(McpMethod.RESOURCES_SUBSCRIBE.wire(), "EmptyResult"),
            Map.entry(McpMethod.RESOURCES_UNSUBSCRIBE.wire(), "EmptyResult"),
            Map.entry(McpMethod.COMPLETION_COMPLETE.wire(), "CompleteResult"),
            Map.entry(McpMethod.LOGGING_SET_LEVEL.wire(), "EmptyResult"),
            Map.entry(McpMethod.TOOLS_LIST.wire(), "ListToolsResult"),
            Map.entry(McpMethod.TOOLS_CALL.wire(), "CallToolResult"));

    private static final Map<String, String> NOTIFICATIONS = Map.of(
            McpMethods.NOTIFICATION_MESSAGE, "LoggingMessageNotification",
            McpMethods.NOTIFICATION_RESOURCE_UPDATED, "ResourceUpdatedNotification",
            McpMethods.NOTIFICATION_RESOURCE_LIST_CHANGED, "ResourceListChangedNotification",
            McpMethods.NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED, "SubscriptionsAcknowledgedNotification",
            McpMethods.NOTIFICATION_CANCELLED, "CancelledNotification");

    private static final Map<Integer, String> ERRORS = Map.of(
            -32020, "HeaderMismatchError",
            -32021, "MissingRequiredClientCapabilityError",
            -32022, "UnsupportedProtocolVersionError");

    private MessageValidator() {}

    /**
     * Validates one server message.
     *
     * @param requestMethod for a response, the method of the request it answers; else null
     * @return the problems found; empty when the message is valid
     */
    public static List<String> validate(
            JsonNode message, String requestMethod, ProtocolRevision revision, boolean sep2093) {
        McpSchema schema = McpSchema.of(revision, sep2093);
        List<String> problems = new ArrayList<>();
        if (!message.isObject() || !"2.0".equals(message.path("jsonrpc").asText())) {
            problems.add("not a JSON-RPC 2.0 message: " + message);
            return problems;
        }
        if (message.has("method") && !message.has("id")) {
            problems.addAll(schema.validate("JSONRPCNotification", message));
            String type = NOTIFICATIONS.get(message.path("method").asText());
            if (type == null) {
                problems.add("unexpected notification " + message.path("method").asText());
            } else if (schema.defines(type)) {
                problems.addAll(schema.validate(type, withoutEnvelope(schema, type, message)));
            } else {
                problems.add(message.path("method").asText() + " does not exist in revision " + revision);
            }
            return problems;
        }
        if (message.has("error")) {
            if (message.path("id").isNull()) {
                // An error about a message whose id could not be read: JSON-RPC says id null,
                // which the MCP schemas do not model. Check the JSON-RPC shape only.
                if (!message.path("error").path("code").isInt()
                        || !message.path("error").path("message").isTextual()) {
                    problems.add("malformed error object: " + message);
                }
                return problems;
            }
            problems.addAll(schema.validate(
                    schema.defines("JSONRPCErrorResponse") ? "JSONRPCErrorResponse" : "JSONRPCError", message));
            String specific = ERRORS.get(message.path("error").path("code").asInt());
            if (specific != null && schema.defines(specific)) {
                problems.addAll(schema.validate(specific, message));
            }
            return problems;
        }
        if (message.has("result")) {
            problems.addAll(schema.validate(
                    schema.defines("JSONRPCResultResponse") ? "JSONRPCResultResponse" : "JSONRPCResponse", message));
            String type = requestMethod == null ? null : RESULTS.get(requestMethod);
            if (type == null) {
                problems.add("no result type known for request method " + requestMethod);
            } else if (!schema.defines(type)) {
                problems.add("result type " + type + " does not exist in revision " + revision);
            } else {
                problems.addAll(schema.validate(type, message.get("result")));
            }
            return problems;
        }
        problems.add("a server sent a request or an unknown message: " + message);
        return problems;
    }

    /** Older revisions model notifications without the jsonrpc member. */
    private static JsonNode withoutEnvelope(McpSchema schema, String type, JsonNode message) {
        ObjectNode copy = message.deepCopy();
        if (!schema.validate(type, copy).isEmpty() && copy.has("jsonrpc")) {
            ObjectNode stripped = copy.deepCopy();
            stripped.remove("jsonrpc");
            if (schema.validate(type, stripped).isEmpty()) {
                return stripped;
            }
        }
        return copy;
    }
}
