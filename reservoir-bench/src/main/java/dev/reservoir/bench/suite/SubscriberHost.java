package dev.reservoir.bench.suite;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One target's fan-out subscribers held by a process of their own, so that every target's can be
 * open at once where one process may not hold them all: 10,000 subscribers of three targets are
 * 30,000 connections, and this kind of machine allows a process 20,000 open files. Without that,
 * fan-out to 10,000 ran its targets one after another, and each target's ratio moved with the
 * minute it ran in (PROFILE.md, thirty-eighth pass).
 *
 * <p>Run as {@code SubscriberHost PORT COUNT STATELESS FLOOR}; it opens the subscribers, prints
 * {@code ready} (or {@code failed WHY}), then answers lines on its standard input:
 * {@code expect} (arm for the next change; answers {@code armed}), {@code await T0} (wait up to
 * 30 s for every subscriber to hear it; answers {@code heard ALL D1 D2 ...}, each subscriber's
 * delay since {@code T0} in ns, -1 for one that did not hear) and {@code close}. The delays are
 * comparable with the parent's clock: {@link System#nanoTime} is the machine's monotonic clock,
 * the same in every process.
 */
public final class SubscriberHost {

    private SubscriberHost() {}

    public static void main(String[] args) throws IOException {
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16);
        Target target = new Target(
                "subscribers", List.of(), true, Boolean.parseBoolean(args[2]), true, Boolean.parseBoolean(args[3]));
        try (Subscribers subs = Subscribers.open(target, Integer.parseInt(args[0]), Integer.parseInt(args[1]))) {
            answer(out, "ready");
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
            CountDownLatch latch = null;
            for (String line; (line = in.readLine()) != null && !line.equals("close"); ) {
                if (line.equals("expect")) {
                    latch = subs.expect();
                    answer(out, "armed");
                } else if (line.startsWith("await ") && latch != null) {
                    long t0 = Long.parseLong(line.substring("await ".length()));
                    boolean all = latch.await(30, TimeUnit.SECONDS);
                    StringBuilder heard =
                            new StringBuilder(16 * 1024).append("heard ").append(all);
                    for (long d : subs.delays(t0)) {
                        heard.append(' ').append(d);
                    }
                    answer(out, heard.toString());
                } else {
                    answer(out, "failed unknown command: " + line);
                }
            }
        } catch (Exception e) {
            StringBuilder why = new StringBuilder(String.valueOf(e));
            for (Throwable c = e.getCause(); c != null && c != e; c = c.getCause()) {
                why.append("; caused by ").append(c);
            }
            answer(out, "failed " + why.toString().replace('\n', ' '));
        }
    }

    private static void answer(Writer out, String line) throws IOException {
        out.write(line);
        out.write('\n');
        out.flush();
    }

    /** The parent's side: a child process holding one target's subscribers. */
    static final class Remote implements FanOut.Audience {
        private final Process process;
        private final BufferedReader in;
        private final Writer out;

        private Remote(Process process) {
            this.process = process;
            this.in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII), 1 << 16);
            this.out = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII));
        }

        /** Starts the child and waits until its {@code count} subscribers are open; its errors go to {@code log}. */
        static Remote open(Target target, int port, int count, Path log) throws IOException {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString()); // as Suite's
            // The client's part of the machine, as in this process: one reader thread; a small
            // heap (the streams' buffers are 40 MB at 10,000).
            command.addAll(List.of(
                    "-Xmx1g",
                    "-XX:+UseSerialGC",
                    "-cp",
                    System.getProperty("java.class.path"),
                    SubscriberHost.class.getName(),
                    Integer.toString(port),
                    Integer.toString(count),
                    Boolean.toString(target.stateless()),
                    Boolean.toString(target.floor())));
            Process p = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            Remote remote = new Remote(p);
            try {
                remote.expectLine("ready");
            } catch (IOException | RuntimeException e) {
                p.destroyForcibly();
                throw e;
            }
            return remote;
        }

        @Override
        public void expect() throws IOException {
            send("expect");
            expectLine("armed");
        }

        @Override
        public FanOut.Change await(long t0) throws IOException {
            send("await " + t0);
            String line = line();
            if (!line.startsWith("heard ")) {
                throw new IOException("subscriber process: " + line);
            }
            String[] parts = line.split(" ");
            long[] delays = new long[parts.length - 2];
            for (int i = 0; i < delays.length; i++) {
                delays[i] = Long.parseLong(parts[i + 2]);
            }
            return new FanOut.Change(Boolean.parseBoolean(parts[1]), delays);
        }

        @Override
        public void close() {
            try {
                send("close");
            } catch (IOException gone) {
                // ended already
            }
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }

        private void send(String line) throws IOException {
            out.write(line);
            out.write('\n');
            out.flush();
        }

        private void expectLine(String wanted) throws IOException {
            String line = line();
            if (!line.equals(wanted)) {
                throw new IOException("subscriber process: " + line);
            }
        }

        private String line() throws IOException {
            String line = in.readLine();
            if (line == null) {
                throw new IOException("subscriber process ended (exit "
                        + (process.isAlive() ? "pending" : process.exitValue()) + "; see the log)");
            }
            return line;
        }
    }
}
