package dev.reservoir.provider.fs;

import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Makes the {@link Resource} of an entry: name (the file's name), title (the root's name and the
 * path below it, which tells apart equal names in different folders), MIME type, size and
 * {@code annotations.lastModified}. A folder is a collection of type {@code inode/directory}
 * without a size (its own size on disk means nothing to a reader). The description says when an
 * entry is reached through a link (and where it really is) or may not be read. Thread-safe.
 */
final class Describer {

    static final String DIRECTORY = "inode/directory";

    private final ContentTypes types;

    Describer(ContentTypes types) {
        this.types = types;
    }

    ContentTypes types() {
        return types;
    }

    Resource describe(Entry entry) {
        return entry.isDirectory() ? describe(entry, null) : describe(entry, types.info(entry));
    }

    /** The resource of an entry whose content was already classified ({@code info} null for a folder). */
    Resource describe(Entry entry, ContentTypes.Info info) {
        Instant modified = entry.attrs().lastModifiedTime().toInstant().truncatedTo(ChronoUnit.MILLIS);
        Resource.Builder builder = Resource.builder(entry.uri(), entry.name())
                .title(title(entry))
                .annotations(Annotations.NONE.withLastModified(modified));
        if (entry.viaLink()) {
            builder.description("Reached through a link; the same as " + entry.realUri());
        }
        if (entry.isDirectory()) {
            return builder.mimeType(DIRECTORY).isCollection(true).build();
        }
        if (!info.readable()) {
            builder.description("The server may not read this file (permission denied)");
        }
        return builder.mimeType(info.mimeType())
                .size(entry.attrs().size())
                .isCollection(false)
                .build();
    }

    private static String title(Entry entry) {
        return entry.rel().isEmpty() ? entry.root().name() : entry.root().name() + "/" + String.join("/", entry.rel());
    }
}
