package dev.reservoir.transport.http.internal;

import java.io.IOException;
import java.io.InputStream;
import org.eclipse.jetty.server.Request;

/** Reading a request: its body within the size limit, and its headers. */
final class Exchange {

    /** The body is larger than the limit. */
    static final class TooLarge extends Exception {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private Exchange() {}

    /** Reads the whole body, refusing one longer than {@code max} bytes without reading it all. */
    static byte[] body(Request request, int max) throws IOException, TooLarge {
        long declared = request.getLength();
        if (declared > max) {
            throw new TooLarge();
        }
        try (InputStream in = Request.asInputStream(request)) {
            byte[] bytes = in.readNBytes(max + 1);
            if (bytes.length > max) {
                throw new TooLarge();
            }
            return bytes;
        }
    }

    static String header(Request request, String name) {
        return request.getHeaders().get(name);
    }

    /** Closes the connection under a request (a replaced or too slow SSE reader). */
    static Runnable aborter(Request request) {
        return () -> request.getConnectionMetaData().getConnection().close();
    }
}
