package dev.reservoir.cli;

import dev.reservoir.client.McpClient;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
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
            "Every page is fetched; each resource shows its name, size, type, last modified time (local) and URI."
                    + " On a terminal the table fits its width (long names, types and URIs are shortened with …);"
                    + " piped, nothing is cut. With URI: that resource, or a collection's children (SEP-2093), or,"
                    + " if the server has no collections, the resources whose URI starts with it."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  reservoir ls stdio:\"npx -y @modelcontextprotocol/server-everything\"",
            "  reservoir ls stdio:\"reservoir serve ~/docs\" --tree",
            "  reservoir ls http://127.0.0.1:8080/mcp file:///home/me/docs/notes"
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
final class LsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions options;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "URI",
            description = "A resource, a collection, or a URI prefix to list.")
    String uri;

    @Option(
            names = {"-t", "--tree"},
            description = "Show a tree by URI path instead of a table, from each collection (folder) served.")
    boolean tree;

    @Option(names = "--templates", description = "Also list the resource templates.")
    boolean templates;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Terminal terminal = ReservoirCommand.terminal(spec);
        try (McpClient client = options.connect()) {
            List<Resource> resources = Resources.list(client, uri, err, terminal);
            List<ResourceTemplate> templateList = templates ? client.templates().toList() : null;
            if (options.json) {
                Listing.json(resources, templateList, out);
            } else {
                if (tree) {
                    Tree.print(resources, out);
                } else {
                    Listing.table(resources, terminal.stdout() ? terminal.columns() : 0, out);
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
}
