package dev.reservoir.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ResourceListener;
import dev.reservoir.client.Subscription;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code reservoir watch SERVER URI...}: prints change notifications as they come. */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        description = {
            "Print change notifications for resources as they come.",
            "Subscribes to the URIs and prints each change until Ctrl-C (or --count, --for).",
            "Without URIs, or with --list-changed, also print changes to the list of resources."
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
final class WatchCommand implements Callable<Integer> {

    private static final ObjectMapper LINES = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions options;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "URI", description = "Resources to watch.")
    List<String> uris = new ArrayList<>();

    @Option(names = "--list-changed", description = "Also print changes to the list of resources.")
    boolean listChanged;

    @Option(names = "--count", paramLabel = "N", description = "Stop after N notifications.")
    Integer count;

    @Option(
            names = "--for",
            paramLabel = "DURATION",
            description = "Stop after this long (e.g. 30s, 5m).",
            converter = DurationConverter.class)
    Duration duration;

    private record Event(Instant at, String kind, String uri, Throwable cause) {}

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        try (McpClient client = options.connect()) {
            boolean lists = listChanged || uris.isEmpty();
            Thread hook = new Thread(client::close, "reservoir-watch-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            try (Subscription sub = client.subscribe(uris, lists, new ResourceListener() {
                @Override
                public void updated(String uri) {
                    events.add(new Event(Instant.now(), "updated", uri, null));
                }

                @Override
                public void listChanged() {
                    events.add(new Event(Instant.now(), "list_changed", null, null));
                }

                @Override
                public void closed(Throwable cause) {
                    events.add(new Event(Instant.now(), "closed", null, cause));
                }
            })) {
                if (sub.uris().isEmpty() && !sub.listChanged()) {
                    err.println("reservoir watch: the server will not report changes to "
                            + (uris.isEmpty() ? "its list of resources" : String.join(", ", uris))
                            + " (it offers no subscriptions)");
                    err.flush();
                    return ExitCodes.UNSUPPORTED;
                }
                List<String> refused =
                        uris.stream().filter(u -> !sub.uris().contains(u)).toList();
                if (!refused.isEmpty()) {
                    err.println("reservoir watch: the server will not report changes to " + String.join(", ", refused));
                }
                err.println("reservoir watch: watching " + sub.uris().size() + " resource(s)"
                        + (sub.listChanged() ? " and the list of resources" : "") + " on "
                        + client.server().revision() + "; Ctrl-C to stop");
                err.flush();
                return loop(events, out, err);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // Shutting down already: the hook closes the client.
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.INTERRUPTED;
        } catch (Exception e) {
            return ExitCodes.report("watch", e, err);
        }
    }

    private int loop(BlockingQueue<Event> events, PrintWriter out, PrintWriter err) throws InterruptedException {
        long end = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        int seen = 0;
        while (count == null || seen < count) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return ExitCodes.OK;
            }
            Event event = events.poll(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
            if (event == null) {
                continue;
            }
            if (event.kind().equals("closed")) {
                err.println("reservoir watch: the subscription ended: "
                        + (event.cause() == null
                                ? "no reason given"
                                : event.cause().getMessage()));
                err.flush();
                return ExitCodes.UNREACHABLE;
            }
            print(event, out);
            seen++;
        }
        return ExitCodes.OK;
    }

    private void print(Event event, PrintWriter out) {
        if (options.json) {
            ObjectNode line =
                    LINES.createObjectNode().put("time", event.at().toString()).put("event", event.kind());
            if (event.uri() != null) {
                line.put("uri", event.uri());
            }
            out.println(line);
        } else {
            out.println(event.at() + "  " + event.kind() + (event.uri() == null ? "" : "  " + event.uri()));
        }
        out.flush();
    }
}
