package dev.reservoir.spring;

import dev.reservoir.annotations.Resource;
import dev.reservoir.annotations.ResourceTemplate;
import dev.reservoir.core.model.ResourceTemplate.Builder;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceProvider;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** A Spring Boot application as a user writes one: beans, and no Reservoir builder code. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class BootApp {

    /**
     * What the last application's OpenTelemetry exported, for the test to look at (one exporter
     * per application: closing an application shuts its exporter down).
     */
    static volatile InMemorySpanExporter spans = InMemorySpanExporter.create();

    /** A bean with annotated methods. */
    public static class Catalog {
        public record Book(long id, String title) {}

        @Resource(uri = "catalog://about", title = "About")
        public String about() {
            return "A catalog of one book.";
        }

        @ResourceTemplate(uriTemplate = "catalog://books/{id}", name = "book")
        public Book book(long id) {
            return id == 1 ? new Book(1, "Dune") : null;
        }
    }

    @Bean
    Catalog catalog() {
        return new Catalog();
    }

    /** A provider bean. */
    @Bean
    ResourceProvider notes() {
        InMemoryProvider notes = InMemoryProvider.create();
        notes.put(
                dev.reservoir.core.model.Resource.builder("notes://readme", "readme")
                        .build(),
                ContentBody.text("# Notes"));
        return notes;
    }

    /** A template handler bean. */
    @Bean
    ReservoirTemplate greetings() {
        Builder template = dev.reservoir.core.model.ResourceTemplate.builder("greetings://{name}", "greeting");
        return new ReservoirTemplate(
                template.mimeType("text/plain").build(),
                request -> ReadResult.of(
                        dev.reservoir.core.model.Resource.builder(request.uri().toString(), "greeting")
                                .build(),
                        ContentBody.text("Hello, " + request.variable("name"))));
    }

    @Bean(destroyMethod = "close")
    OpenTelemetry openTelemetry() {
        InMemorySpanExporter exporter = InMemorySpanExporter.create();
        spans = exporter;
        return OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .build();
    }
}
