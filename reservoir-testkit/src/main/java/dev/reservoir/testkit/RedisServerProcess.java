package dev.reservoir.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code redis-server} of a test's own, on a free loopback port, without persistence; it can be
 * stopped and started again on the same port (to show what replicas do while Redis is away). Needs
 * the {@code redis-server} command (Debian package redis-server).
 */
public final class RedisServerProcess implements AutoCloseable {

    private final int port;
    private final Path log;
    private Process process;

    private RedisServerProcess(int port, Path log) {
        this.port = port;
        this.log = log;
    }

    /** Starts one, logging to {@code log}, and waits until it answers PING. */
    public static RedisServerProcess start(Path log) throws IOException, InterruptedException {
        RedisServerProcess redis = new RedisServerProcess(freePort(), log);
        redis.start();
        return redis;
    }

    /** A loopback port nothing listens on now. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public int port() {
        return port;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts it (again) on its port and waits until it answers. */
    public void start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("redis-server is already running on " + port);
        }
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        "redis-server",
                        "--port",
                        Integer.toString(port),
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--protected-mode",
                        "no"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        try {
            process = builder.start();
        } catch (IOException e) {
            // What a newcomer meets when scripts/test runs before anything was installed: say what to do.
            throw new IOException(
                    "cannot start redis-server (" + e.getMessage() + "): the Redis tests need a"
                            + " real Redis on this machine; apt-get install redis-server (CI does this in .ci/run)",
                    e);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!ping()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("redis-server did not answer on port " + port + " (see " + log + ")");
            }
            TimeUnit.MILLISECONDS.sleep(20); // polling a process we do not control: no event to wait on
        }
    }

    /** Stops it (SIGTERM) and waits until it is gone. */
    public void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Sends a command (as its words) and returns the first line of the answer. */
    public String command(String... words) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            socket.setSoTimeout(2000);
            StringBuilder out = new StringBuilder("*" + words.length + "\r\n");
            for (String word : words) {
                out.append('$')
                        .append(word.getBytes(StandardCharsets.UTF_8).length)
                        .append("\r\n")
                        .append(word)
                        .append("\r\n");
            }
            OutputStream os = socket.getOutputStream();
            os.write(out.toString().getBytes(StandardCharsets.UTF_8));
            os.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }
    }

    private boolean ping() {
        try {
            return command("PING").equals("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
