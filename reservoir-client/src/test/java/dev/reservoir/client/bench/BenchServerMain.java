package dev.reservoir.client.bench;

import dev.reservoir.demo.BenchData;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.stdio.StdioTransport;

/** Reservoir serving {@link BenchData} over stdio, in its own JVM, so the client's heap is measured alone. */
public final class BenchServerMain {

    private BenchServerMain() {}

    public static void main(String[] args) throws Exception {
        int texts = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        try (McpServer server = new BenchData(texts)
                .configure(McpServer.builder().pageSize(args.length > 1 ? Integer.parseInt(args[1]) : 100))
                .build()) {
            server.serve(StdioTransport.ofSystemStreams());
        }
    }
}
