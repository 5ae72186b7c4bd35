package dev.reservoir.provider.fs;

import dev.reservoir.core.McpException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ContentSearch;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A bounded grep over a provider's text files, for {@link ContentSearch}. It lists and reads only
 * through the provider itself, so what the provider may not show (outside its folders, through a
 * link leading out, hidden or ignored) is never searched either.
 */
final class ContentGrep {

    /** Files larger than this are not searched (logs and dumps would spend the whole budget). */
    private static final long MAX_FILE_BYTES = 1 << 20;

    private static final int LINES_PER_MATCH = 3;
    private static final int MAX_LINE_CHARS = 200;

    private ContentGrep() {}

    static List<ContentSearch.ContentMatch> search(ResourceProvider provider, ContentSearch.ContentQuery query) {
        String needle = query.text().toLowerCase(Locale.ROOT);
        List<ContentSearch.ContentMatch> matches = new ArrayList<>();
        long scanned = 0;
        String cursor = null;
        do {
            Page<Resource> page = provider.list(new ListRequest(null, cursor, 500));
            for (Resource r : page.items()) {
                if (matches.size() >= query.limit() || scanned >= query.maxBytesScanned()) {
                    return matches;
                }
                if (r.collection()
                        || r.size() == null
                        || r.size() > MAX_FILE_BYTES
                        || (query.uriPrefix() != null && !r.uri().startsWith(query.uriPrefix()))) {
                    continue;
                }
                scanned += r.size();
                List<ContentSearch.Line> lines = grep(provider, r, needle);
                if (!lines.isEmpty()) {
                    matches.add(new ContentSearch.ContentMatch(r, lines));
                }
            }
            cursor = page.nextCursor();
        } while (cursor != null);
        return matches;
    }

    private static List<ContentSearch.Line> grep(ResourceProvider provider, Resource r, String needle) {
        List<ContentSearch.Line> lines = new ArrayList<>();
        try {
            try (ReadResult read = provider.read(ReadRequest.of(URI.create(r.uri()), ReadOptions.DEFAULT))) {
                ContentBody body = read.contents().getFirst().body();
                if (!body.isText()) {
                    return lines;
                }
                grep(body, needle, lines);
            }
        } catch (McpException | IOException | UncheckedIOException e) {
            // Unreadable, changed or gone since it was listed: not a match, and the search goes on.
        }
        return lines;
    }

    private static void grep(ContentBody body, String needle, List<ContentSearch.Line> lines) throws IOException {
        try (BufferedReader in = new BufferedReader(body.openReader())) {
            int number = 0;
            for (String line; lines.size() < LINES_PER_MATCH && (line = in.readLine()) != null; ) {
                number++;
                if (line.toLowerCase(Locale.ROOT).contains(needle)) {
                    String shown = line.strip();
                    lines.add(new ContentSearch.Line(
                            number,
                            shown.length() > MAX_LINE_CHARS ? shown.substring(0, MAX_LINE_CHARS) + "…" : shown));
                }
            }
        }
    }
}
