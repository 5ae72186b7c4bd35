package dev.reservoir.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.client.McpClient;
import dev.reservoir.client.ResourceListener;
import dev.reservoir.client.Subscription;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.uri.InvalidUriException;
import dev.reservoir.core.uri.UriValidator;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
            "Subscribes to the URIs (each must exist) and prints each change, with the local time, until Ctrl-C"
                    + " (or --count, --for): 'updated', or 'deleted' when the server can tell (SEP-2093). Without URIs,"
                    + " or with --list-changed, also prints changes to the list of resources."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  reservoir watch stdio:\"reservoir serve ~/docs\" file:///home/me/docs/notes.md",
            "  reservoir watch http://127.0.0.1:8080/mcp --list-changed --for 5m"
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
        AtomicBoolean stopping = new AtomicBoolean();
        try {
            uris.forEach(UriValidator::validate);
        } catch (InvalidUriException e) {
            return ExitCodes.report("watch", new IllegalArgumentException(e.getMessage()), err);
        }
        try (McpClient client = options.connect()) {
            for (String uri : uris) {
                requireExists(client, uri);
            }
            Thread hook = new Thread(() -> stop(stopping, client, err), "reservoir-watch-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            try (Subscription sub = client.subscribe(uris, listChanged || uris.isEmpty(), queueing(events))) {
                if (!announce(sub, client, err)) {
                    return ExitCodes.UNSUPPORTED;
                }
                return loop(client, events, stopping, out, err);
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

    /** Ctrl-C (or SIGTERM): say so in a word, then end the subscription; the loop then ends quietly. */
    private static void stop(AtomicBoolean stopping, McpClient client, PrintWriter err) {
        stopping.set(true);
        err.println("reservoir watch: stopped");
        err.flush();
        client.close();
    }

    private static ResourceListener queueing(BlockingQueue<Event> events) {
        return new ResourceListener() {
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
        };
    }

    /** Says what is watched (and what the server refused); false when it refused everything. */
    private boolean announce(Subscription sub, McpClient client, PrintWriter err) {
        if (sub.uris().isEmpty() && !sub.listChanged()) {
            err.println("reservoir watch: the server will not report changes to "
                    + (uris.isEmpty() ? "its list of resources" : String.join(", ", uris))
                    + " (it offers no subscriptions)");
            err.flush();
            return false;
        }
        List<String> refused =
                uris.stream().filter(u -> !sub.uris().contains(u)).toList();
        if (!refused.isEmpty()) {
            err.println("reservoir watch: the server will not report changes to " + String.join(", ", refused));
        }
        err.println("reservoir watch: watching " + what(sub.uris().size(), sub.listChanged()) + " (protocol "
                + client.server().revision() + "); Ctrl-C to stop");
        err.flush();
        return true;
    }

    /** "1 resource", "3 resources and the list of resources", "the list of resources". */
    static String what(int resources, boolean list) {
        String some = resources == 1 ? "1 resource" : resources + " resources";
        if (!list) {
            return some;
        }
        return resources == 0 ? "the list of resources" : some + " and the list of resources";
    }

    /** A URI that does not exist would be watched in silence forever: not found (exit 4) instead. */
    private static void requireExists(McpClient client, String uri) {
        if (client.server().capabilities().sep2093()) {
            client.metadata(uri);
        } else {
            client.readTo(uri, OutputStream.nullOutputStream()).close();
        }
    }

    private int loop(
            McpClient client, BlockingQueue<Event> events, AtomicBoolean stopping, PrintWriter out, PrintWriter err)
            throws InterruptedException {
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
                if (stopping.get()) {
                    return ExitCodes.INTERRUPTED; // Ctrl-C: the hook said so already
                }
                err.println("reservoir watch: the server ended the subscription: "
                        + (event.cause() == null
                                ? "no reason given"
                                : event.cause().getMessage()));
                err.flush();
                return ExitCodes.UNREACHABLE;
            }
            print(event.kind().equals("updated") ? kindOf(client, event) : event, out);
            seen++;
        }
        return ExitCodes.OK;
    }

    /** An update to a resource that no longer exists is a deletion, when the server can tell (SEP-2093). */
    private static Event kindOf(McpClient client, Event event) {
        if (!client.server().capabilities().sep2093()) {
            return event;
        }
        try {
            client.metadata(event.uri());
            return event;
        } catch (ResourceNotFoundException e) {
            return new Event(event.at(), "deleted", event.uri(), null);
        } catch (RuntimeException e) {
            return event; // cannot tell: the server said updated
        }
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
            out.println(Listing.timeToSecond(event.at()) + "  " + event.kind()
                    + (event.uri() == null ? "" : "  " + event.uri()));
        }
        out.flush();
    }
}
