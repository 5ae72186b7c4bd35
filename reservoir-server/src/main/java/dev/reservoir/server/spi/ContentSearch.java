package dev.reservoir.server.spi;

import dev.reservoir.core.model.Resource;
import java.util.List;

/**
 * An optional ability of a {@link ResourceProvider}: searching inside its text content (the tools
 * bridge's {@code search_resources} with {@code content: true}). A provider implements it only
 * when it can do so within its own access rules and within the bounds of the query. Thread-safe;
 * may block.
 */
public interface ContentSearch {

    /** Resources whose text contains the query (ignoring case), with the matching lines; at most {@code limit}. */
    List<ContentMatch> searchContent(ContentQuery query);

    /**
     * A content search.
     *
     * @param text what to look for, matched ignoring case
     * @param uriPrefix only resources whose URI starts with this, or null for all
     * @param limit the most resources to return
     * @param maxBytesScanned the most bytes of content to read in all, so one search stays cheap
     */
    record ContentQuery(String text, String uriPrefix, int limit, long maxBytesScanned) {}

    /** One resource that matched, with up to a few of its matching lines. */
    record ContentMatch(Resource resource, List<Line> lines) {
        public ContentMatch {
            lines = List.copyOf(lines);
        }
    }

    /** A matching line: its number (from 1) and its text, shortened when long. */
    record Line(int number, String text) {}
}
