package dev.reservoir.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

/** The default replica id names the host as the JDK would, without resolving the name. */
class DefaultReplicaIdTest {

    @Test
    void itIsTheHostNameTheJdkGivesAndThisProcess() {
        String jdk;
        try {
            jdk = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            jdk = null; // this machine's name does not resolve: nothing to compare with
        }
        assumeTrue(jdk != null, "the host name does not resolve here");
        assertThat(McpServerBuilder.defaultReplicaId())
                .isEqualTo(jdk + "-" + ProcessHandle.current().pid());
    }
}
