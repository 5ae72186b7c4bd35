package dev.reservoir.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The kernel holds many connections for the acceptor, not the JDK's default 50. */
@Timeout(60)
class AcceptQueueIT {

    @Test
    void theListeningSocketsQueueHoldsAsManyConnectionsAsTheKernelAllows() throws Exception {
        Path somaxconn = Path.of("/proc/sys/net/core/somaxconn");
        assumeTrue(Files.isReadable(somaxconn), "a Linux kernel");
        // Read whole, in one read: a sysctl file read a byte at a time, as readString starts, ends after it.
        int cap = Integer.parseInt(Files.readAllLines(somaxconn).getFirst().trim());
        try (DemoFixture fixture = DemoFixture.start()) {
            int port = fixture.running.port();
            // ss shows a listening socket's backlog as its Send-Q.
            Process ss;
            try {
                ss = new ProcessBuilder("ss", "-ltnH", "sport = :" + port)
                        .redirectErrorStream(true)
                        .start();
            } catch (java.io.IOException noSs) {
                assumeTrue(false, "ss (iproute2) installed");
                return;
            }
            String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertThat(ss.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(out).as("ss's line for port %d", port).startsWith("LISTEN");
            String[] fields = out.split("\\s+");
            assertThat(Integer.parseInt(fields[2])).as("the listen backlog").isEqualTo(Math.min(65_535, cap));
        }
    }
}
