package dev.reservoir.core.protocol;

import java.util.Optional;

/**
 * What a request's {@code params._meta} says about its era: the one reading of it, which the
 * server's dispatcher and the HTTP transport share ({@link ProtocolRevision#requested}).
 */
public sealed interface RequestedRevision {

    /** Names a stateless-era revision (2026-07-28): the request carries its own version and capabilities. */
    record Stateless(ProtocolRevision revision) implements RequestedRevision {}

    /**
     * Belongs to the connection's session (session era): {@code _meta} names no version, or names
     * a session-era revision ({@code revision}, else null).
     */
    record Session(ProtocolRevision revision) implements RequestedRevision {}

    /** Names a version nobody knows: it is served statelessly, which refuses it as unsupported. */
    record Unknown(String version) implements RequestedRevision {}

    /** The version in {@code _meta} is not a string. */
    record NotText() implements RequestedRevision {}

    /** Whether the stateless era serves the request (a version nobody knows included: it is refused there). */
    default boolean stateless() {
        return this instanceof Stateless || this instanceof Unknown;
    }

    /** The version text {@code _meta} names, if it names one as a string. */
    default Optional<String> named() {
        // An if chain, not a pattern switch: a session's first requests make no class at run time
        // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
        if (this instanceof Stateless(ProtocolRevision revision)) {
            return Optional.of(revision.id());
        }
        if (this instanceof Session(ProtocolRevision revision)) {
            return revision == null ? Optional.empty() : Optional.of(revision.id());
        }
        return this instanceof Unknown(String version) ? Optional.of(version) : Optional.empty(); // NotText: none
    }
}
