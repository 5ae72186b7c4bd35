package dev.reservoir.provider.jdbc;

import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import java.io.Reader;
import java.net.URI;

/**
 * Reads one rows URI of a PostgreSQL database to the end, both formats, and prints how much came:
 * run in a JVM with a small heap to show that rows stream. Arguments: JDBC URL, user, URI, row
 * limit; the password comes in PGPASSWORD.
 */
public final class StreamRows {

    private StreamRows() {}

    public static void main(String[] args) throws Exception {
        try (JdbcProvider provider = JdbcProvider.builder()
                .database(args[0])
                .user(args[1])
                .maxRows(Integer.parseInt(args[3]))
                .maxBytes(Long.MAX_VALUE)
                .build()) {
            ReadResult result =
                    provider.read(ReadRequest.of(URI.create(args[2]), new ReadOptions(50, 1 << 20, Long.MAX_VALUE)));
            StringBuilder report = new StringBuilder();
            char[] buffer = new char[16384];
            for (ResourceContent content : result.contents()) {
                long chars = 0;
                long lines = 0;
                try (Reader reader = content.body().openReader()) {
                    for (int n; (n = reader.read(buffer)) >= 0; ) {
                        chars += n;
                        for (int i = 0; i < n; i++) {
                            lines += buffer[i] == '\n' ? 1 : 0;
                        }
                    }
                }
                report.append(content.resource().mimeType())
                        .append(" lines=")
                        .append(lines)
                        .append(" chars=")
                        .append(chars)
                        .append('\n');
            }
            report.append("maxHeap=").append(Runtime.getRuntime().maxMemory());
            System.out.println(report);
        }
    }
}
