package dev.reservoir.server.spi;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import java.util.Optional;

/**
 * Reads resources named by a URI template, given the decoded variables. Thread-safe; may block.
 * Throw {@link ResourceNotFoundException} when the variables name nothing.
 */
@FunctionalInterface
public interface TemplateHandler {

    ReadResult read(TemplateRequest request);

    /**
     * The metadata of the resource, for {@code resources/metadata} and subscriptions. The default
     * reads the resource and keeps the metadata of its first item; override it when reading is
     * costly.
     */
    default Optional<Resource> metadata(TemplateRequest request) {
        try (ReadResult result = read(request)) {
            return result.contents().stream()
                    .map(c -> c.resource())
                    .filter(r -> r.uri().equals(request.uri().toString()))
                    .findFirst()
                    .or(() -> result.contents().stream().map(c -> c.resource()).findFirst());
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        }
    }

    /** Reads with the server's limits; the default ignores them. */
    default ReadResult read(TemplateRequest request, ReadOptions options) {
        return read(request);
    }
}
