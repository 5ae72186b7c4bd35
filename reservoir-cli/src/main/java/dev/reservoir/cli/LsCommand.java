package dev.reservoir.cli;

import dev.reservoir.client.McpClient;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code reservoir ls SERVER [URI]}: the server's resources as a table or a tree. */
@Command(
        name = "ls",
        mixinStandardHelpOptions = true,
        description = {
            "List a server's resources as a table or a tree.",
            "Every page is fetched; each resource shows its name, size, type, last modified and URI.",
            "With URI, list that collection's children (SEP-2093), or, if the server has no",
            "collections, the resources whose URI starts with it."
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
final class LsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions options;

    @Parameters(index = "1", arity = "0..1", paramLabel = "URI", description = "A collection (or URI prefix) to list.")
    String uri;

    @Option(
            names = {"-t", "--tree"},
            description = "Show a tree by URI path instead of a table.")
    boolean tree;

    @Option(names = "--templates", description = "Also list the resource templates.")
    boolean templates;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (McpClient client = options.connect()) {
            List<Resource> resources = list(client, uri, err);
            List<ResourceTemplate> templateList = templates ? client.templates().toList() : null;
            if (options.json) {
                Listing.json(resources, templateList, out);
            } else {
                if (tree) {
                    Listing.tree(resources, out);
                } else {
                    Listing.table(resources, out);
                }
                if (templateList != null) {
                    out.println();
                    Listing.templates(templateList, out);
                }
            }
            out.flush();
            return ExitCodes.OK;
        } catch (Exception e) {
            return ExitCodes.report("ls", e, err);
        }
    }

    /** Every resource (or a collection's children), with a progress count on stderr after a second. */
    static List<Resource> list(McpClient client, String uri, PrintWriter err) {
        try (Progress progress = Progress.start(err, "listing", "resources")) {
            Stream<Resource> stream;
            if (uri == null) {
                stream = client.resources();
            } else if (client.server().capabilities().sep2093()) {
                stream = client.children(uri);
            } else {
                stream = client.resources().filter(r -> r.uri().startsWith(uri));
            }
            List<Resource> all = new ArrayList<>();
            stream.forEach(r -> {
                all.add(r);
                progress.increment();
            });
            return all;
        }
    }
}
