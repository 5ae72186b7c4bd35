package dev.reservoir.demo;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;

/** The embedding example of the README: two static resources and one template. */
public final class ReadmeExample {

    private ReadmeExample() {}

    public static McpServer server(byte[] logoPng) {
        return McpServer.builder()
                .serverInfo("notes", "1.0.0")
                .resource(
                        Resource.builder("notes://readme", "readme")
                                .title("Read me")
                                .mimeType("text/markdown")
                                .build(),
                        "# Notes\nEverything worth keeping.")
                .resource(
                        Resource.builder("notes://logo", "logo")
                                .mimeType("image/png")
                                .build(),
                        ContentBody.bytes(logoPng))
                .template(
                        ResourceTemplate.builder("notes://day/{date}", "day")
                                .title("A day's notes")
                                .mimeType("text/plain")
                                .build(),
                        request -> ReadResult.of(
                                Resource.builder(request.uri().toString(), request.variable("date"))
                                        .mimeType("text/plain")
                                        .build(),
                                ContentBody.text(notesFor(request.variable("date")))))
                .build();
    }

    static String notesFor(String date) {
        return "Notes of " + date + ": nothing yet.";
    }

    public static void main(String[] args) throws Exception {
        try (McpServer server = server(DemoImages.png())) {
            server.serve(dev.reservoir.transport.stdio.StdioTransport.ofSystemStreams());
        }
    }
}
