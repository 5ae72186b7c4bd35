package dev.reservoir.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.BlobResourceContents;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ReadResourceResult;
import dev.reservoir.client.ResourceContents;
import dev.reservoir.client.StreamedResourceContents;
import dev.reservoir.client.TextResourceContents;
import dev.reservoir.core.uri.UriTemplate;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code reservoir read SERVER URI}: text to stdout, blobs to a file. */
@Command(
        name = "read",
        mixinStandardHelpOptions = true,
        description = {
            "Read a resource: text to stdout, blobs to a file (-o).",
            "A blob needs -o FILE (or -o - for raw bytes on stdout); it is written as it arrives.",
            "URI may be a template such as 'demo://colors/{name}' with values given by --arg name=teal."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.E0,
            ExitCodes.E2,
            ExitCodes.E3,
            ExitCodes.E4,
            ExitCodes.E5,
            ExitCodes.E6,
            ExitCodes.E130
        })
final class ReadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions options;

    @Parameters(index = "1", paramLabel = "URI", description = "The resource, or a URI template with --arg.")
    String uri;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write the content to FILE as it arrives (a blob decoded; text as UTF-8); - for stdout.")
    String output;

    @Option(
            names = {"-a", "--arg"},
            paramLabel = "NAME=VALUE",
            description = "A value for a template variable (repeatable); URI is then expanded (RFC 6570).")
    Map<String, String> args = new LinkedHashMap<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (McpClient client = options.connect()) {
            String target = args.isEmpty() && !uri.contains("{")
                    ? uri
                    : UriTemplate.parse(uri).expand(args);
            if (output != null) {
                return toFile(client, target, out, err);
            }
            try (ReadResourceResult result = client.read(target)) {
                if (options.json) {
                    out.println(Listing.JSON.writeValueAsString(json(result)));
                    out.flush();
                    return ExitCodes.OK;
                }
                for (ResourceContents item : result.contents()) {
                    if (item instanceof BlobResourceContents blob) {
                        err.println("reservoir read: " + item.uri() + " is binary ("
                                + (item.mimeType() == null ? "no type" : item.mimeType()) + ", "
                                + Listing.size(blob.size()) + "); write it to a file with -o FILE");
                        err.flush();
                        return ExitCodes.USAGE;
                    }
                }
                boolean several = result.contents().size() > 1;
                for (ResourceContents item : result.contents()) {
                    if (several) {
                        out.println("==> " + item.uri() + " <==");
                    }
                    out.print(((TextResourceContents) item).text());
                    if (several) {
                        out.println();
                    }
                }
                out.flush();
                return ExitCodes.OK;
            }
        } catch (Exception e) {
            return ExitCodes.report("read", e, err);
        }
    }

    /** Streams the first content item to a file (through a temporary one, moved into place) or stdout. */
    private int toFile(McpClient client, String target, PrintWriter out, PrintWriter err) throws IOException {
        if (output.equals("-")) {
            out.flush();
            OutputStream stdout = new BufferedOutputStream(System.out, 64 * 1024);
            client.readTo(target, stdout);
            stdout.flush();
            return ExitCodes.OK;
        }
        Path file = Path.of(output).toAbsolutePath();
        Path temp = Files.createTempFile(file.getParent(), ".reservoir-read-", ".part");
        try {
            ReadResourceResult result;
            try (OutputStream sink = new BufferedOutputStream(Files.newOutputStream(temp), 64 * 1024)) {
                result = client.readTo(target, sink);
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            StreamedResourceContents first = (StreamedResourceContents) result.first();
            if (options.json) {
                ObjectNode done = Listing.JSON
                        .createObjectNode()
                        .put("uri", first.uri())
                        .put("mimeType", first.mimeType())
                        .put("bytes", first.size())
                        .put("file", file.toString());
                out.println(Listing.JSON.writeValueAsString(done));
                out.flush();
            } else {
                err.println("reservoir read: wrote " + Listing.size(first.size()) + " (" + first.size() + " bytes) of "
                        + first.uri() + " to " + file);
                err.flush();
            }
            result.close();
            return ExitCodes.OK;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static ArrayNode json(ReadResourceResult result) throws IOException {
        ArrayNode items = Listing.JSON.createArrayNode();
        for (ResourceContents item : result.contents()) {
            ObjectNode node = items.addObject().put("uri", item.uri());
            if (item.mimeType() != null) {
                node.put("mimeType", item.mimeType());
            }
            switch (item) {
                case TextResourceContents t -> node.put("text", t.text());
                case BlobResourceContents b -> {
                    try (InputStream in = b.openStream()) {
                        node.put("blob", Base64.getEncoder().encodeToString(in.readAllBytes()));
                    }
                }
                case StreamedResourceContents s -> node.put("bytes", s.size());
            }
        }
        return items;
    }
}
