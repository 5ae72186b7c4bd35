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
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code reservoir read SERVER URI}: text to stdout, blobs to a file, a folder as its list of URIs. */
@Command(
        name = "read",
        mixinStandardHelpOptions = true,
        description = {
            "Read a resource: text to stdout, blobs to a file (-o), a folder as its entries.",
            "A blob needs -o FILE (or -o - for raw bytes on stdout); it is written as it arrives, and the file is"
                    + " created as other programs create theirs (mode 0644 with the usual umask). A collection (a"
                    + " folder) prints the URIs of its entries, one per line. URI may be a template such as"
                    + " 'demo://colors/{name}' with its values given by --arg name=teal. Content whose length differs"
                    + " from the size the server announced for it is refused (exit 6)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  reservoir read stdio:\"reservoir serve ~/docs\" file:///home/me/docs/notes.md",
            "  reservoir read SERVER demo://blob/large -o blob.bin",
            "  reservoir read SERVER 'demo://colors/{name}' -a name=teal"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.E0,
            ExitCodes.E2,
            ExitCodes.E3,
            ExitCodes.E4,
            ExitCodes.E5,
            ExitCodes.E6,
            ExitCodes.E7,
            ExitCodes.E130
        })
final class ReadCommand implements Callable<Integer> {

    private static final String URI_LIST = "text/uri-list";

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
        try {
            String target = target();
            OutputFile file = output == null || output.equals("-") ? null : OutputFile.checked(output);
            try (McpClient client = options.connect()) {
                if (output != null) {
                    return file == null
                            ? OutputFile.toStdout(client, target, out)
                            : toFile(client, target, file, out, err);
                }
                try (ReadResourceResult result = client.read(target)) {
                    return print(result, out, err);
                }
            }
        } catch (Exception e) {
            return ExitCodes.report("read", e, err);
        }
    }

    /** The URI to read: URI itself, or the template expanded; a template variable without a value is a usage error. */
    private String target() {
        if (args.isEmpty() && !uri.contains("{")) {
            return uri;
        }
        UriTemplate template = UriTemplate.parse(uri);
        List<String> missing = template.variableNames().stream()
                .filter(v -> !args.containsKey(v))
                .toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("the template '" + uri + "' needs a value for "
                    + String.join(", ", missing) + ": add "
                    + String.join(
                            " ", missing.stream().map(v -> "-a " + v + "=VALUE").toList()));
        }
        return template.expand(args);
    }

    private int print(ReadResourceResult result, PrintWriter out, PrintWriter err) throws IOException {
        if (options.json) {
            out.println(Listing.JSON.writeValueAsString(json(result)));
            out.flush();
            return ExitCodes.OK;
        }
        ResourceContents first = result.first();
        if (first instanceof TextResourceContents list
                && URI_LIST.equals(list.mimeType())
                && (first.resource().collection() || result.contents().size() > 1)) {
            // A collection: its entries, one URI per line (the contents of its files stay with --json).
            list.text()
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .forEach(out::println);
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
        boolean terminal = ReservoirCommand.terminal(spec).stdout();
        for (ResourceContents item : result.contents()) {
            if (several) {
                out.println("==> " + item.uri() + " <==");
            }
            String text = ((TextResourceContents) item).text();
            out.print(text);
            // On a terminal the prompt must not end up after the text; piped, the bytes stay as they are.
            if ((several || terminal) && !text.isEmpty() && !text.endsWith("\n")) {
                out.println();
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** Streams the first content item to the file (through a temporary one beside it, moved into place). */
    private int toFile(McpClient client, String target, OutputFile file, PrintWriter out, PrintWriter err)
            throws IOException {
        try (ReadResourceResult result = file.write(sink -> client.readTo(target, sink))) {
            StreamedResourceContents first = (StreamedResourceContents) result.first();
            if (options.json) {
                ObjectNode done = Listing.resourceNode(first.resource())
                        .put("bytes", first.size())
                        .put("file", file.path().toString());
                out.println(Listing.JSON.writeValueAsString(done));
                out.flush();
            } else {
                err.println("reservoir read: wrote " + Listing.size(first.size()) + " (" + first.size() + " bytes) of "
                        + first.uri() + " to " + file.path());
                err.flush();
            }
            return ExitCodes.OK;
        }
    }

    /** Every item with its metadata (uri, name, title, mimeType, size...) and its text or base64 blob. */
    private static ArrayNode json(ReadResourceResult result) throws IOException {
        ArrayNode items = Listing.JSON.createArrayNode();
        for (ResourceContents item : result.contents()) {
            ObjectNode node = Listing.resourceNode(item.resource());
            switch (item) {
                case TextResourceContents t -> node.put("text", t.text());
                case BlobResourceContents b -> {
                    try (InputStream in = b.openStream()) {
                        node.put("blob", Base64.getEncoder().encodeToString(in.readAllBytes()));
                    }
                }
                case StreamedResourceContents s -> node.put("bytes", s.size());
            }
            items.add(node);
        }
        return items;
    }
}
