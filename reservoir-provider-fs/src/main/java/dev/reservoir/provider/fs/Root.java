package dev.reservoir.provider.fs;

import java.nio.file.Path;
import java.util.List;

/**
 * One served folder: its real absolute path, the names along that path, and its {@code file:} URI
 * (which is what tells two roots apart: each is its own real path).
 *
 * @param index the root's position in the builder's order (the order of {@code resources/list})
 * @param path the real path ({@link Path#toRealPath}), absolute and free of symbolic links
 * @param segments the names of {@code path} from the file system root down
 * @param uri the canonical URI of the root folder, without a trailing slash (except for "/")
 * @param name the folder's own name, shown as the resource name
 */
record Root(int index, Path path, List<String> segments, String uri, String name) {

    Root {
        segments = List.copyOf(segments);
    }

    /** The root at a real path; IllegalArgumentException when a name on it is not valid UTF-8. */
    static Root of(int index, Path realPath) {
        List<String> segments = FileNames.names(realPath);
        if (segments == null || !segments.stream().allMatch(FileUris::isSafeName)) {
            throw new IllegalArgumentException(
                    "root '" + FileNames.show(realPath)
                            + "' has a name that is not valid UTF-8 (or holds a control character), so no file: URI can name it");
        }
        String name = segments.isEmpty() ? "/" : segments.getLast();
        return new Root(index, realPath, segments, FileUris.uri(segments, List.of()), name);
    }

    /** The template whose {@code path} variable names entries below this root. */
    String template() {
        return (uri.endsWith("/") ? uri : uri + "/") + "{+path}";
    }

    /** Whether {@code absolute} (decoded names from the file system root) is this root or below it. */
    boolean contains(List<String> absolute) {
        return absolute.size() >= segments.size()
                && absolute.subList(0, segments.size()).equals(segments);
    }
}
