package dev.reservoir.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reservoir.testkit.Eventually;
import dev.reservoir.testkit.RedisServerProcess;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Redis, three {@code reservoir serve} replicas of the jar watching one folder, and HAProxy in
 * front of them with the shipped docs/replicas/haproxy.cfg, all on free loopback ports.
 */
final class ReplicaCluster implements AutoCloseable {

    static final String CURSOR_KEY = "a cursor key the three replicas share: 0123456789";
    static final Path HAPROXY_CFG = Path.of("..", "docs", "replicas", "haproxy.cfg");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    final Path folder;
    final Path logs;
    final RedisServerProcess redis;
    final int[] ports = new int[3];
    private final Process[] replicas = new Process[3];
    final int balancerPort;
    private final Path socket;
    private Process haproxy;

    ReplicaCluster(Path folder, Path logs) throws Exception {
        this.folder = folder;
        this.logs = logs;
        this.redis = RedisServerProcess.start(logs.resolve("redis.log"));
        for (int i = 0; i < 3; i++) {
            ports[i] = RedisServerProcess.freePort();
            startReplica(i);
        }
        for (int i = 0; i < 3; i++) {
            awaitReady(i, "ready");
        }
        balancerPort = RedisServerProcess.freePort();
        socket = logs.toAbsolutePath().resolve("haproxy.sock");
        startHaproxy();
    }

    String replicaUrl(int i) {
        return "http://127.0.0.1:" + ports[i] + "/mcp";
    }

    String balancerUrl() {
        return "http://127.0.0.1:" + balancerPort + "/mcp";
    }

    void startReplica(int i) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Cli.java(),
                "-jar",
                Cli.jar(),
                "serve",
                folder.toString(),
                "--http",
                Integer.toString(ports[i]),
                "--bus",
                redis.url(),
                "--replica-id",
                "r" + (i + 1),
                "--cursor-key-env",
                "RESERVOIR_CURSOR_KEY",
                // Pages of 100, so one listing of the folder takes pages from several replicas.
                "--page-size",
                "100"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logs.resolve("r" + (i + 1) + ".log").toFile()));
        builder.environment().put("RESERVOIR_CURSOR_KEY", CURSOR_KEY);
        replicas[i] = builder.start();
    }

    /** SIGKILL: the replica ends at once, its streams cut without a word. */
    void kill(int i) throws InterruptedException {
        replicas[i].destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    }

    /** Waits until a replica's /readyz says {@code status} ("ready", "degraded"). */
    void awaitReady(int i, String status) {
        await(
                Duration.ofSeconds(120),
                () -> status.equals(readiness(i).path("status").asText()),
                () -> "replica r" + (i + 1) + " never became " + status + "; last: " + readiness(i));
    }

    JsonNode readiness(int i) {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports[i] + "/readyz"))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return JSON.readTree(r.body());
        } catch (IOException e) {
            return JSON.createObjectNode().put("status", "unreachable");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private void startHaproxy() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("haproxy", "-f", HAPROXY_CFG.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logs.resolve("haproxy.log").toFile()));
        Map<String, String> env = builder.environment();
        env.put("RESERVOIR_LISTEN", "127.0.0.1:" + balancerPort);
        for (int i = 0; i < 3; i++) {
            env.put("RESERVOIR_REPLICA" + (i + 1), "127.0.0.1:" + ports[i]);
        }
        env.put("RESERVOIR_HAPROXY_SOCKET", socket.toString());
        haproxy = builder.start();
        awaitBalanced(3);
    }

    /** Waits until HAProxy's checks count {@code up} replicas in rotation. */
    void awaitBalanced(int up) {
        await(
                Duration.ofSeconds(60),
                () -> upReplicas() == up,
                () -> "HAProxy never saw " + up + " replicas up (see haproxy.log): " + haproxyQuietly("show stat"));
    }

    private int upReplicas() {
        String stat = haproxyQuietly("show stat");
        int up = 0;
        for (String line : stat.split("\n")) {
            String[] f = line.split(",");
            if (f.length > 17 && f[0].equals("reservoir") && f[1].startsWith("r") && f[17].equals("UP")) {
                up++;
            }
        }
        return up;
    }

    /** A command on HAProxy's admin socket, and its answer. */
    String haproxy(String command) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.UTF_8)));
            StringBuilder out = new StringBuilder();
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            while (channel.read(buffer) > 0) {
                out.append(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8));
                buffer.clear();
            }
            return out.toString();
        }
    }

    private String haproxyQuietly(String command) {
        try {
            return haproxy(command);
        } catch (IOException e) {
            return "";
        }
    }

    /** The replicas (0-based) that hold the stateful sessions in HAProxy's stick table. */
    java.util.Set<Integer> replicasHoldingSessions() throws IOException {
        String table = haproxy("show table reservoir");
        java.util.Set<Integer> servers = new java.util.TreeSet<>();
        for (String token : table.split("\\s+")) {
            if (token.startsWith("server_id=")) {
                servers.add(Integer.parseInt(token.substring("server_id=".length())) - 1);
            }
        }
        return servers;
    }

    static void await(Duration limit, BooleanSupplier condition, java.util.function.Supplier<String> failure) {
        try {
            Eventually.await("the cluster", limit, condition::getAsBoolean);
        } catch (AssertionError e) {
            throw new AssertionError(failure.get(), e);
        }
    }

    @Override
    public void close() throws Exception {
        if (haproxy != null) {
            haproxy.destroy();
            haproxy.waitFor(10, TimeUnit.SECONDS);
        }
        for (Process replica : replicas) {
            if (replica != null) {
                replica.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        redis.close();
    }
}
