package dev.reservoir.console.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.ContextRequest;
import dev.reservoir.client.ContextSelection;
import dev.reservoir.client.McpClient;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.Role;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The context basket's server side: the client's {@link McpClient#selectContext} planning what fits
 * a budget (and saying why the rest does not), and the Markdown bundle of what was chosen.
 */
final class Basket {

    /** Excluded resources listed one by one (the rest are only counted). */
    static final int EXCLUDED_SHOWN = 500;

    private Basket() {}

    /**
     * Plans a selection: {@code budget} bytes, optional {@code audience} and {@code minPriority},
     * {@code uris} to choose among (absent: every resource the server lists), and {@code read}:
     * whether to read what is chosen (real sizes, for the basket's own items) or only plan from
     * declared sizes (choosing among everything listed).
     */
    static ObjectNode select(McpClient client, ResourceIndex index, JsonNode request) {
        long budget = request.path("budget").asLong(-1);
        if (budget < 0) {
            throw new IllegalArgumentException("a budget in bytes is required (\"budget\": 65536)");
        }
        ContextRequest ask = ContextRequest.budget(budget);
        if (!request.path("read").asBoolean(false)) {
            ask = ask.planOnly();
        }
        String audience = request.path("audience").asText("");
        if (!audience.isEmpty()) {
            ask = ask.withAudience(Role.fromWire(audience));
        }
        if (request.path("minPriority").isNumber()) {
            ask = ask.withMinPriority(request.path("minPriority").asDouble());
        }
        ask = ask.withUnknownSizes(request.path("unknownSizes").asBoolean(false));
        if (request.path("uris").isArray()) {
            List<Resource> candidates = new ArrayList<>();
            for (JsonNode uri : request.path("uris")) {
                Resource known = index.known(uri.asText());
                candidates.add(
                        known != null
                                ? known
                                : Resource.builder(uri.asText(), uri.asText()).build());
            }
            ask = ask.withCandidates(candidates);
        }
        try (ContextSelection selection = client.selectContext(ask)) {
            return describe(selection);
        }
    }

    private static ObjectNode describe(ContextSelection selection) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("budget", selection.budgetBytes()).put("used", selection.usedBytes());
        ArrayNode included = out.putArray("included");
        for (ContextSelection.Included item : selection.included()) {
            included.addObject().put("bytes", item.bytes()).set("resource", Json.resource(item.resource()));
        }
        ArrayNode excluded = out.putArray("excluded");
        Map<ContextSelection.Reason, Integer> counts = new EnumMap<>(ContextSelection.Reason.class);
        for (ContextSelection.Excluded item : selection.excluded()) {
            counts.merge(item.reason(), 1, Integer::sum);
            if (excluded.size() < EXCLUDED_SHOWN) {
                excluded.addObject()
                        .put("reason", item.reason().name())
                        .set("resource", Json.resource(item.resource()));
            }
        }
        ObjectNode byReason = out.putObject("excludedCounts");
        counts.forEach((reason, n) -> byReason.put(reason.name(), n));
        out.put("excludedTotal", selection.excluded().size());
        return out;
    }
}
