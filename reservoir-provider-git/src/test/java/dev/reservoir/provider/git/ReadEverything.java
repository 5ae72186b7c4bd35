package dev.reservoir.provider.git;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.CompletionRequest;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.ResourceRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URI;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Reads everything a repository serves through the provider: every listed resource and its
 * children, metadata and content, then commits, logs, blame, comparisons, status, diff and
 * completion. Used in-process by the safety tests and as a program by the process tests:
 * {@code ReadEverything PATH} prints "read N"; {@code ReadEverything PATH URI} streams one
 * resource and prints "SHA-256 SIZE" of its content.
 */
public final class ReadEverything {

    private ReadEverything() {}

    public static void main(String[] args) throws Exception {
        try (GitProvider provider = GitProvider.builder(Path.of(args[0]))
                .name("repo")
                .maxReadBytes(Long.MAX_VALUE)
                .build()) {
            if (args.length > 1) {
                ResourceContent content = provider.read(ReadRequest.of(URI.create(args[1]), ReadOptions.DEFAULT))
                        .contents()
                        .getFirst();
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                long size = 0;
                try (InputStream in = content.body().openStream()) {
                    byte[] buffer = new byte[1 << 16];
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        sha.update(buffer, 0, n);
                        size += n;
                    }
                }
                System.out.println(HexFormat.of().formatHex(sha.digest()) + " " + size);
            } else {
                System.out.println("read " + run(provider));
            }
        }
    }

    /** Reads everything; returns how many contents were read. */
    static int run(GitProvider provider) throws IOException {
        int read = 0;
        List<Resource> all = listAll(provider, null);
        for (Resource resource : all) {
            URI uri = URI.create(resource.uri());
            provider.metadata(ResourceRequest.of(uri)).map(Metadata::resource);
            if (resource.collection()) {
                listAll(provider, uri);
            }
            read += read(provider, uri);
        }
        String main = "git://repo/tree/main/";
        for (Resource resource : all) {
            if (resource.uri().startsWith(main) && !resource.collection()) {
                String path = resource.uri().substring(main.length());
                read += read(provider, URI.create("git://repo/blame/main/" + path));
                read += read(provider, URI.create("git://repo/log/main?path=" + path));
            }
        }
        for (String uri : List.of(
                "git://repo/commit/HEAD",
                "git://repo/commit/HEAD~1",
                "git://repo/compare/HEAD~1...HEAD",
                "git://repo/compare/HEAD~1..HEAD",
                "git://repo/status",
                "git://repo/diff",
                "git://repo/")) {
            read += read(provider, URI.create(uri));
        }
        for (String argument : List.of("ref", "path")) {
            provider.complete(new CompletionRequest("git://repo/tree/{+ref}/{+path}", argument, "", Map.of()));
        }
        return read;
    }

    private static List<Resource> listAll(GitProvider provider, URI parent) {
        List<Resource> out = new ArrayList<>();
        String cursor = null;
        do {
            Page<Resource> page = provider.list(new ListRequest(parent, cursor, 7));
            out.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);
        return out;
    }

    private static int read(GitProvider provider, URI uri) throws IOException {
        List<ResourceContent> contents;
        try {
            contents = provider.read(ReadRequest.of(uri, ReadOptions.DEFAULT)).contents();
        } catch (ResourceNotFoundException e) {
            return 0; // e.g. no HEAD~1 yet, or status of a bare repository
        }
        for (ResourceContent content : contents) {
            drain(content.body());
        }
        return contents.size();
    }

    private static void drain(ContentBody body) throws IOException {
        if (body.isText()) {
            try (Reader reader = body.openReader()) {
                reader.transferTo(java.io.Writer.nullWriter());
            }
        } else {
            try (InputStream in = body.openStream()) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
        }
    }
}
