package dev.reservoir.bench.jmh;

import dev.reservoir.core.uri.UriTemplate;
import dev.reservoir.core.uri.UriTemplateTable;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Matching a URI against 1,000 registered templates: 500 with distinct literal prefixes
 * ({@code svc{i}://items/{id}}) and 500 sharing one scheme and differing in the path
 * ({@code shared://api/v{i}/{+path}}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class TemplateMatchBenchmark {

    private final UriTemplateTable<Integer> table = new UriTemplateTable<>();

    @Setup
    public void setUp() {
        for (int i = 0; i < 500; i++) {
            table.register(UriTemplate.parse("svc" + i + "://items/{id}"), i);
            table.register(UriTemplate.parse("shared://api/v" + i + "/{+path}"), 500 + i);
        }
    }

    @Benchmark
    public Optional<UriTemplateTable.Hit<Integer>> distinctPrefix() {
        return table.find("svc250://items/abc-123");
    }

    @Benchmark
    public Optional<UriTemplateTable.Hit<Integer>> sharedPrefix() {
        return table.find("shared://api/v250/some/deep/path.txt");
    }

    @Benchmark
    public Optional<UriTemplateTable.Hit<Integer>> miss() {
        return table.find("nothing://here/at/all");
    }
}
