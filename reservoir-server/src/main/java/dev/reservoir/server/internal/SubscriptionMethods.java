package dev.reservoir.server.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.server.internal.rpc.Reply;
import dev.reservoir.server.spi.CallContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** resources/subscribe and resources/unsubscribe (session era) and subscriptions/listen (stateless era). */
final class SubscriptionMethods {

    private final Router router;
    private final ServerSettings settings;
    private final SubscriptionBudget budget;

    SubscriptionMethods(Router router, ServerSettings settings, SubscriptionBudget budget) {
        this.router = router;
        this.settings = settings;
        this.budget = budget;
    }

    JsonWritable subscribe(RequestContext ctx, ObjectNode params) {
        String uri = Params.uri(params, "uri");
        requireResource(uri, ProviderCalls.of(ctx));
        ctx.session().subscribe(uri);
        return ctx.empty();
    }

    /**
     * Refuses a subscription to what no provider has: a URI outside every root, or one that does
     * not exist (servers must validate resource URIs, and a subscription costs memory and a
     * watch). A collection is a resource too, so a subscription to a folder passes. Resolving also
     * refuses unsafe template variables before any provider sees the URI.
     */
    private void requireResource(String uri, CallContext call) {
        if (router.resolve(uri).metadata(call).isEmpty()) {
            throw new ResourceNotFoundException(uri);
        }
    }

    JsonWritable unsubscribe(RequestContext ctx, ObjectNode params) {
        String uri = Params.uri(params, "uri");
        ctx.session().unsubscribe(uri);
        return ctx.empty();
    }

    /**
     * Opens a listen stream; the request stays open (no response) until it is cancelled. The
     * budget is taken before any provider is asked whether the URIs exist, so a client over its
     * budget costs the server a refusal, not ten thousand lookups.
     */
    Reply listen(RequestContext ctx, ObjectNode params) {
        ObjectNode filter = Params.requiredObject(params, "notifications");
        boolean listChanged = flag(filter, "resourcesListChanged");
        List<String> uris = resourceUris(filter);
        Object client = ctx.session().client();
        int units = SubscriptionBudget.cost(uris);
        budget.take(client, units);
        try {
            CallContext call = ProviderCalls.of(ctx);
            uris.forEach(uri -> requireResource(uri, call));
        } catch (RuntimeException refused) {
            budget.give(client, units);
            throw refused;
        }
        ctx.session().listen(ctx.inFlight(), listChanged, uris, units);
        return Reply.STREAM;
    }

    private List<String> resourceUris(ObjectNode filter) {
        JsonNode node = filter.get("resourceSubscriptions");
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw McpException.invalidParams(
                    "Invalid params: 'notifications.resourceSubscriptions' must be an array of URIs");
        }
        if (node.size() > settings.maxSubscriptions()) {
            throw McpException.invalidParams("Invalid params: at most " + settings.maxSubscriptions()
                    + " resourceSubscriptions per listen stream");
        }
        Set<String> uris = new LinkedHashSet<>();
        for (JsonNode item : node) {
            if (!item.isTextual()) {
                throw McpException.invalidParams(
                        "Invalid params: 'notifications.resourceSubscriptions' must hold strings");
            }
            uris.add(Params.checkUri(item.textValue(), "notifications.resourceSubscriptions"));
        }
        return new ArrayList<>(uris);
    }

    private static boolean flag(ObjectNode filter, String name) {
        JsonNode value = filter.get(name);
        if (value != null && !value.isBoolean() && !value.isNull()) {
            throw McpException.invalidParams("Invalid params: 'notifications." + name + "' must be a boolean");
        }
        return value != null && value.asBoolean(false);
    }
}
