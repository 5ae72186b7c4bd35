package dev.reservoir.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ServerCapabilities;
import dev.reservoir.client.ServerDescription;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.Sep2093;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code reservoir info SERVER}: who the server is, what it speaks, and how many resources it has. */
@Command(
        name = "info",
        mixinStandardHelpOptions = true,
        description = {
            "Describe a server: name, protocol, capabilities and counts.",
            "Shows its name and version, the protocol revision and transport in use, the versions it lists"
                    + " (2026-07-28 servers), its capabilities (resources and the rest: tools, prompts, logging...),"
                    + " its instructions, and how many resources and templates it lists."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  reservoir info stdio:\"npx -y @modelcontextprotocol/server-everything\"",
            "  reservoir info https://mcp.example.com/mcp -H \"Authorization: Bearer $TOKEN\""
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.E0, ExitCodes.E2, ExitCodes.E3, ExitCodes.E5, ExitCodes.E6, ExitCodes.E130})
final class InfoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions options;

    @Option(names = "--no-counts", description = "Do not list everything to count it.")
    boolean noCounts;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (McpClient client = options.connect()) {
            ServerDescription server = client.server();
            Long resources = null;
            Long collections = null;
            Long templates = null;
            if (!noCounts && Resources.offered(client)) {
                List<Resource> all = Resources.list(client, null, err, ReservoirCommand.terminal(spec));
                resources = (long) all.size();
                collections = all.stream().filter(Resource::collection).count();
                templates = client.templates().count();
            }
            if (options.json) {
                out.println(Listing.JSON.writeValueAsString(json(server, resources, collections, templates)));
            } else {
                text(server, resources, collections, templates, out);
            }
            out.flush();
            return ExitCodes.OK;
        } catch (Exception e) {
            return ExitCodes.report("info", e, err);
        }
    }

    private static void text(ServerDescription s, Long resources, Long collections, Long templates, PrintWriter out) {
        String name = s.serverInfo() == null
                ? "(did not say)"
                : s.serverInfo().name() + " " + s.serverInfo().version()
                        + (s.serverInfo().title() == null
                                ? ""
                                : " \"" + s.serverInfo().title() + "\"");
        out.printf("%-13s%s%n", "server", name);
        out.printf(
                "%-13s%s (%s) over %s%n",
                "protocol",
                s.revision(),
                s.revision().isStateless() ? "stateless" : "initialize handshake",
                transport(s));
        if (s.revision().isStateless()) {
            // The session era has no list: the one agreed on is in the protocol line.
            out.printf("%-13s%s%n", "versions", String.join(", ", s.supportedVersions()));
        }
        out.printf("%-13s%s%n", "capabilities", capabilities(s.capabilities()));
        if (!s.capabilities().resources()) {
            out.printf("%-13s%s%n", "resources", "none offered");
        } else if (resources != null) {
            out.printf(
                    "%-13s%,d%s%n",
                    "resources", resources, collections > 0 ? String.format(" (%,d collections)", collections) : "");
            out.printf("%-13s%,d%n", "templates", templates);
        }
        if (s.instructions() != null && !s.instructions().isBlank()) {
            out.println("instructions");
            s.instructions().lines().limit(20).forEach(line -> out.println("  " + line));
            if (s.instructions().lines().count() > 20) {
                out.println("  ...");
            }
        }
    }

    private static String transport(ServerDescription s) {
        return switch (s.transport()) {
            case STDIO -> "stdio";
            case STREAMS -> "streams";
            case STREAMABLE_HTTP -> "Streamable HTTP";
            case HTTP_SSE -> "HTTP+SSE (2024-11-05)";
        };
    }

    /** The resource features first, then every other capability by name (tools, prompts, logging...). */
    static String capabilities(ServerCapabilities c) {
        List<String> all = new ArrayList<>();
        if (c.resources()) {
            List<String> features = new ArrayList<>();
            if (c.subscribe()) {
                features.add("subscribe");
            }
            if (c.listChanged()) {
                features.add("list changes");
            }
            if (c.sep2093()) {
                features.add("SEP-2093 metadata and collections");
            }
            all.add(features.isEmpty() ? "resources" : "resources (" + String.join(", ", features) + ")");
        }
        c.raw().fieldNames().forEachRemaining(name -> {
            if (!name.equals("resources") && !name.equals("experimental") && !name.equals("extensions")) {
                all.add(name);
            }
        });
        for (String group : List.of("extensions", "experimental")) {
            c.raw().path(group).fieldNames().forEachRemaining(name -> {
                if (!name.equals(Sep2093.EXTENSION_ID)) { // shown with the resource features
                    all.add(name);
                }
            });
        }
        return all.isEmpty() ? "(none)" : String.join(", ", all);
    }

    private static ObjectNode json(ServerDescription s, Long resources, Long collections, Long templates) {
        ObjectNode node = Listing.JSON.createObjectNode();
        if (s.serverInfo() != null) {
            ObjectNode info = node.putObject("serverInfo")
                    .put("name", s.serverInfo().name())
                    .put("version", s.serverInfo().version());
            if (s.serverInfo().title() != null) {
                info.put("title", s.serverInfo().title());
            }
        }
        node.put("protocolVersion", s.revision().id());
        node.put("stateless", s.revision().isStateless());
        node.put("transport", s.transport().name().toLowerCase(java.util.Locale.ROOT));
        s.supportedVersions().forEach(node.putArray("supportedVersions")::add);
        node.set("capabilities", s.capabilities().raw());
        if (s.instructions() != null) {
            node.put("instructions", s.instructions());
        }
        if (resources != null) {
            node.putObject("counts")
                    .put("resources", resources)
                    .put("collections", collections)
                    .put("templates", templates);
        }
        return node;
    }
}
