package dev.reservoir.console.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The page's files, all from the jar: the console's own ({@code dev/reservoir/console/web/}) and the
 * few library files under {@code /vendor/} (from their WebJars). Only names made of lower-case
 * letters, digits, dots, dashes and slashes between them are looked up, so no request can reach
 * another file of the class path. Thread-safe.
 */
final class Assets {

    /** One file to send. */
    record Asset(byte[] bytes, String contentType) {}

    private static final String ROOT = "dev/reservoir/console/web/";
    private static final Pattern NAME = Pattern.compile("[a-z0-9-]+(/[a-z0-9-]+)*\\.(html|js|css|png|svg)");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "png", "image/png",
            "svg", "image/svg+xml");

    private final Map<String, String> vendor;
    private final Map<String, Asset> loaded = new ConcurrentHashMap<>();

    Assets() {
        Properties versions = new Properties();
        try (InputStream in = Assets.class.getResourceAsStream("/dev/reservoir/console/vendor.properties")) {
            if (in == null) {
                throw new IllegalStateException("vendor.properties is missing from the console's jar");
            }
            versions.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String webjars = "META-INF/resources/webjars/";
        vendor = Map.of(
                "vendor/marked.js", webjars + "marked/" + versions.getProperty("marked") + "/lib/marked.esm.js",
                "vendor/purify.js", webjars + "dompurify/" + versions.getProperty("dompurify") + "/dist/purify.es.mjs",
                "vendor/highlight.js",
                        webjars + "highlightjs/" + versions.getProperty("highlightjs") + "/highlight.min.js",
                "vendor/highlight.css",
                        webjars + "highlightjs/" + versions.getProperty("highlightjs") + "/styles/github.min.css");
    }

    /** The file for a request path ("/" is the page), or null. */
    Asset find(String path) {
        String name = path.equals("/") ? "index.html" : path.substring(1);
        String location = vendor.get(name);
        if (location == null) {
            if (!NAME.matcher(name).matches()) {
                return null;
            }
            location = ROOT + name;
        }
        Asset cached = loaded.get(location);
        if (cached != null) {
            return cached;
        }
        byte[] bytes = load(location);
        if (bytes == null) {
            return null; // misses are not remembered: the set of files is the jar's
        }
        Asset asset = new Asset(bytes, TYPES.get(name.substring(name.lastIndexOf('.') + 1)));
        loaded.put(location, asset);
        return asset;
    }

    private static byte[] load(String location) {
        // The console's own files are in its module's packages, which a named module finds only
        // through its own classes; the vendored libraries lie in other jars under META-INF (no package).
        try (InputStream in = location.startsWith(ROOT)
                ? Assets.class.getResourceAsStream("/" + location)
                : Assets.class.getClassLoader().getResourceAsStream(location)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
