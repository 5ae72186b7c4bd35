package dev.reservoir.testkit.server;

import dev.reservoir.core.model.Resource;
import dev.reservoir.core.protocol.ProtocolRevision;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.testkit.Transcript;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Exact conversations, one per revision, replayed and compared as JSON trees. */
class TranscriptTest {

    private final McpServer server = small();

    /** Two static resources, a template, a provider with two items and a collection; pages of two. */
    static McpServer small() {
        InMemoryProvider provider = InMemoryProvider.create();
        provider.put(
                Resource.builder("demo://items/1", "one")
                        .mimeType("text/plain")
                        .isCollection(false)
                        .build(),
                ContentBody.text("1"));
        provider.put(
                Resource.builder("demo://items/2", "two")
                        .mimeType("text/plain")
                        .isCollection(false)
                        .build(),
                ContentBody.text("2"));
        return Fixtures.builder(provider)
                .pageSize(2)
                .requestTimeout(Duration.ofSeconds(5))
                .build();
    }

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void revision20241105() {
        Transcript.load("/transcripts/2024-11-05.jsonl").replay(server, ProtocolRevision.V2024_11_05, false);
    }

    @Test
    void revision20250326() {
        Transcript.load("/transcripts/2025-03-26.jsonl").replay(server, ProtocolRevision.V2025_03_26, false);
    }

    @Test
    void revision20250618() {
        Transcript.load("/transcripts/2025-06-18.jsonl").replay(server, ProtocolRevision.V2025_06_18, false);
    }

    @Test
    void revision20251125() {
        Transcript.load("/transcripts/2025-11-25.jsonl").replay(server, ProtocolRevision.V2025_11_25, false);
    }

    @Test
    void revision20260728() {
        Transcript.load("/transcripts/2026-07-28.jsonl").replay(server, ProtocolRevision.V2026_07_28, false);
    }

    @Test
    void sep2093() {
        Transcript.load("/transcripts/sep-2093-2025-11-25.jsonl").replay(server, ProtocolRevision.V2025_11_25, true);
    }
}
