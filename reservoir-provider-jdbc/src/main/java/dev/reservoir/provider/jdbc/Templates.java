package dev.reservoir.provider.jdbc;

import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.provider.jdbc.db.Completions;
import dev.reservoir.provider.jdbc.db.Database;
import dev.reservoir.provider.jdbc.query.NamedQuery;
import dev.reservoir.provider.jdbc.rows.RowFormat;
import dev.reservoir.provider.jdbc.sql.QueryScope;
import dev.reservoir.server.spi.CompletionRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The database's resource templates: every table's rows ({@code …/{schema}/{table}/rows{?limit,after}},
 * completing schema and table names) and each named query that takes parameters
 * ({@code …/queries/NAME{?p1,p2}}, completing parameters that declare where their values come from).
 */
final class Templates {

    private Templates() {}

    static List<ResourceTemplate> of(Database db) {
        List<ResourceTemplate> templates = new ArrayList<>();
        templates.add(ResourceTemplate.builder(db.uris().rowsTemplate(), "rows")
                .title("Rows of a table of " + db.settings().name())
                .description(
                        "Rows of a table or view in key order, as CSV and as JSON Lines; limit is how many (at most "
                                + db.settings().maxRows() + "), after the key of the last row already read")
                .mimeType(RowFormat.CSV.mimeType())
                .build());
        for (NamedQuery query : db.settings().queries()) {
            if (query.params().isEmpty()) {
                continue;
            }
            String uriTemplate = db.uris()
                    .queryTemplate(
                            query.name(),
                            query.params().stream().map(NamedQuery.Param::name).toList());
            templates.add(ResourceTemplate.builder(uriTemplate, query.name())
                    .title(query.title() == null ? query.name() : query.title())
                    .description(new Resources(db)
                            .describe(
                                    new dev.reservoir.provider.jdbc.uri.DbUri.Query(query.name(), java.util.Map.of()),
                                    null,
                                    query)
                            .description())
                    .mimeType(RowFormat.CSV.mimeType())
                    .build());
        }
        return List.copyOf(templates);
    }

    /** Completion values for one of these templates' variables. */
    static Completions.Values complete(
            Database db, Completions completions, CompletionRequest request, QueryScope scope) {
        if (request.template().equals(db.uris().rowsTemplate())) {
            return switch (request.argument()) {
                case "schema" -> completions.schemas(request.value(), scope);
                case "table" -> completions.tables(request.context().get("schema"), request.value(), scope);
                default -> new Completions.Values(List.of(), false);
            };
        }
        Optional<NamedQuery> query = db.settings().queries().stream()
                .filter(q -> !q.params().isEmpty()
                        && request.template()
                                .equals(db.uris()
                                        .queryTemplate(
                                                q.name(),
                                                q.params().stream()
                                                        .map(NamedQuery.Param::name)
                                                        .toList())))
                .findFirst();
        return query.map(q -> completions.parameter(q, request.argument(), request.value(), request.context(), scope))
                .orElse(new Completions.Values(List.of(), false));
    }
}
