package dev.reservoir.peer.javasdk;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.json.JsonMapper;

/**
 * Measures the largest blob the official Java SDK's stdio client reads over stdio without losing
 * its connection. Not a test: a probe for the README's table. Each probe writes DIR/probe.bin of N
 * random bytes and reads it with a new client that starts the given server command (which must
 * serve DIR with its own message limit raised): N doubles from 1 MiB to 64 MiB, and a binary search
 * follows the first failure. {@code failsAtBytes} -1: none failed.
 *
 * <p>Usage: {@code java -cp java-sdk-server.jar dev.reservoir.peer.javasdk.LargestRead DIR command [args...]}
 */
public final class LargestRead {

    /** The largest blob tried: 64 MiB (85 MiB of base64). */
    private static final long LARGEST = 64L << 20;

    private LargestRead() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        List<String> command = Arrays.asList(args).subList(1, args.length);
        long good = 0;
        long bad = -1;
        for (long n = 1 << 20; n <= LARGEST; n *= 2) { // doubling first: this client may have no cap at all
            if (!survives(dir, command, n)) {
                bad = n;
                break;
            }
            good = n;
        }
        while (bad > 0 && bad - good > 1024) {
            long mid = (good + bad) / 2;
            if (survives(dir, command, mid)) {
                good = mid;
            } else {
                bad = mid;
            }
            System.err.println("survives up to " + good + ", fails from " + bad);
        }
        System.out.printf(
                "{\"client\":\"io.modelcontextprotocol.sdk:mcp stdio\",\"largestBlobBytes\":%d,\"failsAtBytes\":%d,"
                        + "\"base64Bytes\":%d}%n",
                good, bad, (good + 2) / 3 * 4);
        System.exit(0);
    }

    private static boolean survives(Path dir, List<String> command, long n) throws Exception {
        byte[] data = new byte[(int) n];
        new SplittableRandom(n).nextBytes(data);
        Files.write(dir.resolve("probe.bin"), data);
        ServerParameters server = ServerParameters.builder(command.getFirst())
                .args(command.subList(1, command.size()))
                .build();
        StdioClientTransport transport = new StdioClientTransport(
                server, new JacksonMcpJsonMapper(JsonMapper.builder().build()));
        transport.setStdErrorHandler(line -> {});
        try (McpSyncClient client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build()) {
            client.initialize();
            String uri = client.listResources().resources().stream()
                    .filter(r -> r.name().equals("probe.bin"))
                    .findFirst()
                    .orElseThrow()
                    .uri();
            McpSchema.ResourceContents contents = client.readResource(new McpSchema.ReadResourceRequest(uri))
                    .contents()
                    .getFirst();
            client.ping();
            return contents instanceof McpSchema.BlobResourceContents blob
                    && Base64.getDecoder().decode(blob.blob()).length == n;
        } catch (RuntimeException e) {
            System.err.println(n + " bytes: " + e);
            return false;
        }
    }
}
