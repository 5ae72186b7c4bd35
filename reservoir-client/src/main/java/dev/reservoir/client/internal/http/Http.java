package dev.reservoir.client.internal.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;

/** Small helpers the HTTP client ends share. */
final class Http {

    private Http() {}

    static String contentType(HttpResponse<?> response) {
        String type = response.headers().firstValue("Content-Type").orElse("");
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(java.util.Locale.ROOT);
    }

    static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // closing to abort; nothing to do
            }
        }
    }

    static String snippet(String text) {
        if (text == null) {
            return null;
        }
        String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() > 200 ? flat.substring(0, 200) + "..." : flat;
    }

    static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
