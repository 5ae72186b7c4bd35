package dev.reservoir.provider.jdbc;

import dev.reservoir.server.spi.ContentBody;
import java.io.IOException;
import java.io.Reader;

/** Reads a content body whole, for assertions on small results. */
final class Bodies {

    private Bodies() {}

    static String text(ContentBody body) throws IOException {
        try (Reader reader = body.openReader()) {
            StringBuilder out = new StringBuilder();
            char[] buffer = new char[4096];
            for (int n; (n = reader.read(buffer)) >= 0; ) {
                out.append(buffer, 0, n);
            }
            return out.toString();
        }
    }
}
