package dev.reservoir.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The MCP protocol revisions Reservoir speaks, and what each one has. Every difference between
 * revisions that Reservoir acts on is a method here, so that no handler compares version strings.
 */
public enum ProtocolRevision {
    V2024_11_05("2024-11-05"),
    V2025_03_26("2025-03-26"),
    V2025_06_18("2025-06-18"),
    V2025_11_25("2025-11-25"),
    V2026_07_28("2026-07-28");

    /** The newest revision. */
    public static final ProtocolRevision LATEST = V2026_07_28;

    /** The newest revision that uses the {@code initialize} handshake. */
    public static final ProtocolRevision LATEST_STATEFUL = V2025_11_25;

    private final String id;

    ProtocolRevision(String id) {
        this.id = id;
    }

    /** The revision's date string, as sent on the wire. */
    public String id() {
        return id;
    }

    /** The revision with this id, if Reservoir knows it. */
    public static Optional<ProtocolRevision> parse(String id) {
        for (ProtocolRevision revision : ALL) { // values() would copy the array at every call
            if (revision.id.equals(id)) {
                return Optional.of(revision);
            }
        }
        return Optional.empty();
    }

    private static final ProtocolRevision[] ALL = values();

    /** All revisions, newest first. */
    public static List<ProtocolRevision> newestFirst() {
        List<ProtocolRevision> all = Arrays.asList(values().clone());
        java.util.Collections.reverse(all);
        return List.copyOf(all);
    }

    /** The ids of these revisions, newest first (what a server lists as its supported versions). */
    public static List<String> idsNewestFirst(Collection<ProtocolRevision> revisions) {
        return newestFirst().stream()
                .filter(revisions::contains)
                .map(ProtocolRevision::id)
                .toList();
    }

    /** The newest session-era revision among these, if any (what {@code initialize} offers). */
    public static Optional<ProtocolRevision> newestStateful(Collection<ProtocolRevision> revisions) {
        return newestFirst().stream()
                .filter(r -> !r.isStateless() && revisions.contains(r))
                .findFirst();
    }

    /**
     * The era a request asks for, read from its {@code params._meta} version: the one rule the
     * server's dispatcher and the HTTP transport both apply.
     */
    public static RequestedRevision requested(ObjectNode params) {
        JsonNode meta = params == null ? null : params.get("_meta");
        JsonNode version = meta instanceof ObjectNode m ? m.get(MetaKeys.PROTOCOL_VERSION) : null;
        if (version == null) {
            return new RequestedRevision.Session(null);
        }
        if (!version.isTextual()) {
            return new RequestedRevision.NotText();
        }
        return parse(version.textValue())
                .<RequestedRevision>map(
                        r -> r.isStateless() ? new RequestedRevision.Stateless(r) : new RequestedRevision.Session(r))
                .orElseGet(() -> new RequestedRevision.Unknown(version.textValue()));
    }

    private boolean atLeast(ProtocolRevision other) {
        return compareTo(other) >= 0;
    }

    /** True from 2026-07-28: no handshake, version and capabilities in every request's {@code _meta}. */
    public boolean isStateless() {
        return atLeast(V2026_07_28);
    }

    /** JSON-RPC batches: only 2025-03-26 allowed them (2025-06-18 removed them). */
    public boolean allowsBatches() {
        return this == V2025_03_26;
    }

    /** {@code title} on resources, templates, implementations and tools. */
    public boolean hasTitles() {
        return atLeast(V2025_06_18);
    }

    /** {@code _meta} on resources, templates and contents. */
    public boolean hasMetaOnModel() {
        return atLeast(V2025_06_18);
    }

    /** {@code annotations.lastModified}. */
    public boolean hasLastModified() {
        return atLeast(V2025_06_18);
    }

    /** {@code annotations} ({@code readOnlyHint}, {@code openWorldHint}...) on tools. */
    public boolean hasToolAnnotations() {
        return atLeast(V2025_03_26);
    }

    /** {@code resource_link} content items in tool results. */
    public boolean hasResourceLinks() {
        return atLeast(V2025_06_18);
    }

    /**
     * The {@code extensions} map in client and server capabilities; earlier revisions have only
     * {@code experimental}.
     */
    public boolean hasExtensionsCapability() {
        return isStateless();
    }

    /** {@code icons} on resources, templates and implementations. */
    public boolean hasIcons() {
        return atLeast(V2025_11_25);
    }

    /** The {@code logging} server capability: 2026-07-28 sets the level per request ({@code _meta} logLevel) instead. */
    public boolean hasLoggingCapability() {
        return !isStateless();
    }

    /** The {@code completions} server capability (completion itself exists in every revision). */
    public boolean hasCompletionsCapability() {
        return atLeast(V2025_03_26);
    }

    /** {@code context.arguments} on {@code completion/complete}. */
    public boolean hasCompletionContext() {
        return atLeast(V2025_06_18);
    }

    /** {@code title} in {@code notifications/resources/updated}, as the 2025-06-18 and 2025-11-25 pages show it. */
    public boolean hasTitleInUpdatedNotification() {
        return this == V2025_06_18 || this == V2025_11_25;
    }

    /** SSE priming events and polling (the server closes a stream, the client resumes it): older clients would misread them. */
    public boolean hasResumableSse() {
        return atLeast(V2025_11_25);
    }

    /** {@code resultType} on every result, {@code serverInfo} in result {@code _meta}. */
    public boolean hasResultType() {
        return isStateless();
    }

    /** {@code ttlMs} and {@code cacheScope} on list, templates/list, read and discover results. */
    public boolean hasCacheHints() {
        return isStateless();
    }

    /** The error code for a resource that does not exist. */
    public int resourceNotFoundCode() {
        return isStateless() ? -32602 : -32002;
    }

    @Override
    public String toString() {
        return id;
    }
}
