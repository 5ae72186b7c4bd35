package dev.reservoir.provider.fs;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/** Pages through a provider's listing in tests. */
final class Listings {

    private Listings() {}

    /** The URIs of the whole list (or of a folder's children), below the first root, as relative paths. */
    static List<String> paths(FileSystemProvider fs, URI parent, int pageSize) {
        String base = fs.rootUris().getFirst().toString();
        List<String> out = new ArrayList<>();
        for (Resource resource : all(fs, parent, pageSize)) {
            String uri = resource.uri();
            out.add(uri.equals(base) ? "" : uri.startsWith(base + "/") ? uri.substring(base.length() + 1) : uri);
        }
        return out;
    }

    static List<String> paths(FileSystemProvider fs) {
        return paths(fs, null, 7);
    }

    static List<Resource> all(FileSystemProvider fs, URI parent, int pageSize) {
        List<Resource> out = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            Page<Resource> page = fs.list(new ListRequest(parent, cursor, pageSize));
            out.addAll(page.items());
            cursor = page.nextCursor();
            if (++pages > 100_000) {
                throw new AssertionError("the listing does not end");
            }
        } while (cursor != null);
        return out;
    }
}
