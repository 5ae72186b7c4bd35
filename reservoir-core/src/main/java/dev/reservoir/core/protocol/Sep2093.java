package dev.reservoir.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * SEP-2093 (draft): resource contents with full metadata, {@code resources/metadata},
 * {@code isCollection} and collection semantics.
 *
 * <p>Because the SEP is a draft, a server changes nothing for a client unless the client opts in
 * by declaring {@link #EXTENSION_ID} in its capabilities: under {@code extensions} (2026-07-28) or
 * {@code experimental} (any revision), for example
 * {@code "capabilities": {"extensions": {"dev.reservoir/sep-2093": {}}}}. The server advertises the
 * same key in its own capabilities.
 *
 * <p>The SEP's current draft replaced {@code isCollection} with per-resource
 * {@code capabilities {list, subscribe}}. The draft defines no opt-in of its own, so it has its
 * own identifier here, {@link #CAPABILITIES_EXTENSION_ID}, declared the same way.
 */
public final class Sep2093 {
    /** The capability key both ends use for this extension. */
    public static final String EXTENSION_ID = "dev.reservoir/sep-2093";

    /** The capability key for the draft form: per-resource {@code capabilities {list, subscribe}}. */
    public static final String CAPABILITIES_EXTENSION_ID = "dev.reservoir/sep-2093-capabilities";

    private Sep2093() {}

    /**
     * The capabilities map in which an end declares an extension in this revision:
     * {@code extensions} where the revision has it, else {@code experimental}.
     */
    public static String capabilityGroup(ProtocolRevision revision) {
        return revision.hasExtensionsCapability() ? "extensions" : "experimental";
    }

    /**
     * Whether these capabilities declare the extension {@code id}: under either map, whatever the
     * revision, because a peer may use {@code experimental} in any revision.
     */
    public static boolean declares(JsonNode capabilities, String id) {
        return capabilities != null
                && (capabilities.path("extensions").has(id)
                        || capabilities.path("experimental").has(id));
    }
}
