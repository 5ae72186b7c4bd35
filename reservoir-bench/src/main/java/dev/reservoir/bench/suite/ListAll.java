package dev.reservoir.bench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** list-all: page through every resource with resources/list, following nextCursor. */
final class ListAll {

    /**
     * One listing: how long (warm), how many resources, how many pages, and how long the server's
     * first listing took (cold: the first after initialize).
     */
    record Result(double seconds, int resources, int pages, double firstSeconds) {
        Result(double seconds, int resources, int pages) {
            this(seconds, resources, pages, Double.NaN);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Warm listings timed, of which the median counts. */
    private static final int MEASURED = 9;

    /** Listings that warm the client before a workload's first target. */
    private static final int WARM_CLIENT = 10;

    private ListAll() {}

    static Result run(Target target, Path log) throws Exception {
        return onFreshServer(target, log, channel -> measure(target, channel));
    }

    /**
     * Lists everything a few times from a fresh server, unmeasured: warms this JVM's side (the
     * client reading a listing of 10,000 resources, about 800 KB, and Jackson parsing it), which
     * the first target of a workload would otherwise pay alone. Its first listing was timed with
     * the client in the interpreter: the stdio listing's first figure spread by ±74% to ±103%.
     */
    static void warmClient(Target target, Path log) throws Exception {
        onFreshServer(target, log, channel -> {
            for (int i = 0; i < WARM_CLIENT; i++) {
                listOnce(target, channel);
            }
            return null;
        });
    }

    /** What is done with a channel to a fresh server. */
    private interface OnChannel<T> {
        T apply(Driver.Channel channel) throws Exception;
    }

    /** Starts the target, opens a channel to it (its session, over HTTP), and runs {@code work} on it. */
    private static <T> T onFreshServer(Target target, Path log, OnChannel<T> work) throws Exception {
        if (target.http()) {
            try (ServerProcess server = ServerProcess.http(target.command(), log, Duration.ofSeconds(60))) {
                String session = Driver.openSession(target, server.port);
                try (Driver.Channel channel = Driver.http(target, server.port, session)) {
                    return work.apply(channel);
                }
            }
        }
        try (ServerProcess server = ServerProcess.stdio(target.command(), log);
                StdioClient client = new StdioClient(server)) {
            client.initialize();
            return work.apply(Driver.stdio(target, client));
        }
    }

    /**
     * The server's CPU time per listing (every page), in milliseconds, over {@code listings}
     * listings after two seconds of warm-up: steadier than the time on a loaded machine.
     */
    static double cpuPerListing(Target target, Path log, int listings) throws Exception {
        try (ServerProcess server = ServerProcess.stdio(target.command(), log);
                StdioClient client = new StdioClient(server)) {
            client.initialize();
            Driver.Channel channel = Driver.stdio(target, client);
            measure(target, channel);
            long before = server.cpuMillis();
            for (int i = 0; i < listings; i++) {
                listOnce(target, channel);
            }
            return (server.cpuMillis() - before) / (double) listings;
        }
    }

    /**
     * Steady state, not the JIT's first pass: listings for about two seconds of warm-up (at least
     * two), then the median of nine. The median of three moved by a third between full runs (the
     * stdio listing at 0.75x and 1.17x the Java SDK's time, PROFILE.md), more than the builds did.
     */
    private static Result measure(Target target, Driver.Channel channel) throws Exception {
        Result first = listOnce(target, channel);
        long warmUntil = System.nanoTime() + 2_000_000_000L;
        for (int i = 1; i < 2 || (System.nanoTime() < warmUntil && i < 50); i++) {
            listOnce(target, channel);
        }
        List<Result> runs = new ArrayList<>();
        for (int i = 0; i < MEASURED; i++) {
            runs.add(listOnce(target, channel));
        }
        runs.sort(java.util.Comparator.comparingDouble(Result::seconds));
        Result median = runs.get(MEASURED / 2);
        return new Result(median.seconds(), median.resources(), median.pages(), first.seconds());
    }

    private static Result listOnce(Target target, Driver.Channel channel) throws Exception {
        long start = System.nanoTime();
        int resources = 0;
        int pages = 0;
        String cursor = null;
        do {
            String params = cursor == null ? null : "\"cursor\":" + JSON.writeValueAsString(cursor);
            JsonNode page =
                    JSON.readTree(channel.call("resources/list", null, params)).path("result");
            if (page.isMissingNode()) {
                throw new IllegalStateException(target.name() + ": resources/list failed");
            }
            resources += page.path("resources").size();
            pages++;
            cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
        } while (cursor != null && pages < 100_000);
        return new Result((System.nanoTime() - start) / 1e9, resources, pages);
    }
}
