package dev.reservoir.peer.javasdk;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import tools.jackson.databind.json.JsonMapper;

/**
 * A resources server written the way the official MCP Java SDK's documentation shows, serving the
 * benchmark dataset: {@code bench://text/{i}} (1 KiB text each), {@code bench://blob/1MiB} and
 * {@code bench://blob/100MiB}, and the template {@code bench://touch/{i}}, whose read changes text
 * i and notifies its subscribers. Also {@code test://static-text} and the template
 * {@code test://template/{id}/data}, for client tests.
 *
 * <p>Usage: {@code java -jar java-sdk-server.jar stdio [texts]} or
 * {@code java -jar java-sdk-server.jar http PORT [texts]} (Streamable HTTP at /mcp).
 */
public final class JavaSdkServer {

    /** The version of each text; a touch bumps it. */
    static volatile int[] VERSIONS = new int[0];

    private JavaSdkServer() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !(args[0].equals("stdio") || args[0].equals("http"))) {
            System.err.println("usage: java-sdk-server stdio [texts] | http PORT [texts]");
            System.exit(2);
        }
        boolean http = args[0].equals("http");
        int texts = Integer.parseInt(args.length > (http ? 2 : 1) ? args[http ? 2 : 1] : "10000");
        McpJsonMapper json = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        AtomicReference<McpSyncServer> server = new AtomicReference<>();
        List<McpServerFeatures.SyncResourceSpecification> resources = resources(texts, server);
        McpSchema.ServerCapabilities capabilities =
                McpSchema.ServerCapabilities.builder().resources(true, true).build();
        McpServerFeatures.SyncResourceTemplateSpecification template =
                new McpServerFeatures.SyncResourceTemplateSpecification(
                        new McpSchema.ResourceTemplate(
                                "test://template/{id}/data", "template-data", null, null, "application/json", null),
                        (exchange, request) -> {
                            String id = request.uri().replaceAll("^test://template/(.*)/data$", "$1");
                            String text = "{\"id\":\"" + id + "\",\"templateTest\":true,\"data\":\"Data for ID: " + id
                                    + "\"}";
                            return new McpSchema.ReadResourceResult(List.of(
                                    new McpSchema.TextResourceContents(request.uri(), "application/json", text)));
                        });
        McpServerFeatures.SyncResourceTemplateSpecification touch =
                new McpServerFeatures.SyncResourceTemplateSpecification(
                        new McpSchema.ResourceTemplate("bench://touch/{i}", "touch", null, null, "text/plain", null),
                        (exchange, request) -> {
                            int index = Integer.parseInt(request.uri().substring("bench://touch/".length()));
                            VERSIONS[index]++;
                            server.get()
                                    .notifyResourcesUpdated(
                                            new McpSchema.ResourcesUpdatedNotification("bench://text/" + index));
                            return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(
                                    request.uri(), "text/plain", "touched bench://text/" + index)));
                        });
        if (!http) {
            StdioServerTransportProvider transport = new StdioServerTransportProvider(json);
            server.set(McpServer.sync(transport)
                    .serverInfo("java-sdk-peer", "2.1.0")
                    .capabilities(capabilities)
                    .resources(resources)
                    .resourceTemplates(template, touch)
                    .build());
            new CountDownLatch(1).await(); // the transport's threads serve until stdin closes and it exits
            return;
        }
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(json)
                .mcpEndpoint("/mcp")
                .build();
        server.set(McpServer.sync(transport)
                .serverInfo("java-sdk-peer", "2.1.0")
                .capabilities(capabilities)
                .resources(resources)
                .resourceTemplates(template, touch)
                .build());
        Server jetty = new Server(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[1])));
        ServletContextHandler context = new ServletContextHandler();
        context.addServlet(new ServletHolder(transport), "/*");
        jetty.setHandler(context);
        jetty.start();
        System.err.println(
                "java-sdk-peer listening on port " + ((ServerConnector) jetty.getConnectors()[0]).getLocalPort());
        jetty.join();
    }

    /** Position k of every text is 'a' + k % 26 (after the text's own prefix). */
    private static final String FILLER = filler();

    private static String filler() {
        StringBuilder b = new StringBuilder(1024);
        for (int k = 0; k < 1024; k++) {
            b.append((char) ('a' + k % 26));
        }
        return b.toString();
    }

    /** The text of resource i at a version: 1,024 ASCII characters, "bench text i vN " then the filler. */
    static String text(int i, int version) {
        String prefix = "bench text " + i + " v" + version + " ";
        return prefix + FILLER.substring(prefix.length());
    }

    /**
     * The blob of a size, as Reservoir's bench dataset has it (reservoir-demo's PseudoRandomStream):
     * the 64 KiB SplittableRandom gives for the size as seed, repeated.
     */
    static byte[] blob(int size) {
        byte[] block = new byte[Math.min(size, 64 * 1024)];
        new SplittableRandom(size).nextBytes(block);
        byte[] bytes = new byte[size];
        for (int at = 0; at < size; at += block.length) {
            System.arraycopy(block, 0, bytes, at, Math.min(block.length, size - at));
        }
        return bytes;
    }

    private static List<McpServerFeatures.SyncResourceSpecification> resources(
            int texts, AtomicReference<McpSyncServer> server) {
        List<McpServerFeatures.SyncResourceSpecification> resources = new ArrayList<>(texts + 8);
        VERSIONS = new int[texts];
        int[] versions = VERSIONS;
        for (int i = 0; i < texts; i++) {
            int index = i;
            String uri = "bench://text/" + i;
            resources.add(new McpServerFeatures.SyncResourceSpecification(
                    McpSchema.Resource.builder()
                            .uri(uri)
                            .name("text-" + i)
                            .mimeType("text/plain")
                            .size(1024L)
                            .build(),
                    (exchange, request) -> new McpSchema.ReadResourceResult(List.of(
                            new McpSchema.TextResourceContents(uri, "text/plain", text(index, versions[index]))))));
        }
        for (Map.Entry<String, Integer> blob :
                Map.of("1MiB", 1 << 20, "100MiB", 100 << 20).entrySet()) {
            String uri = "bench://blob/" + blob.getKey();
            int size = blob.getValue();
            resources.add(new McpServerFeatures.SyncResourceSpecification(
                    McpSchema.Resource.builder()
                            .uri(uri)
                            .name(blob.getKey())
                            .mimeType("application/octet-stream")
                            .size((long) size)
                            .build(),
                    (exchange, request) -> new McpSchema.ReadResourceResult(List.of(new McpSchema.BlobResourceContents(
                            uri, "application/octet-stream", Base64.getEncoder().encodeToString(blob(size)))))));
        }
        String staticText = "This is the content of the static text resource.";
        resources.add(new McpServerFeatures.SyncResourceSpecification(
                McpSchema.Resource.builder()
                        .uri("test://static-text")
                        .name("static-text")
                        .mimeType("text/plain")
                        .size((long) staticText.getBytes(StandardCharsets.UTF_8).length)
                        .build(),
                (exchange, request) -> new McpSchema.ReadResourceResult(
                        List.of(new McpSchema.TextResourceContents("test://static-text", "text/plain", staticText)))));
        return resources;
    }
}
