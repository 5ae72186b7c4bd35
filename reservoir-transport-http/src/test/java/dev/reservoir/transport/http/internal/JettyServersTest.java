package dev.reservoir.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Jetty's cache-line figure is given, so that starting Jetty does not start the platform MBean server. */
class JettyServersTest {

    private final String before = System.getProperty(JettyServers.REFERENCES_PER_CACHE_LINE);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(JettyServers.REFERENCES_PER_CACHE_LINE);
        } else {
            System.setProperty(JettyServers.REFERENCES_PER_CACHE_LINE, before);
        }
    }

    @Test
    void theFigureIsGivenWhenTheUserGaveNone() {
        System.clearProperty(JettyServers.REFERENCES_PER_CACHE_LINE);
        JettyServers.cacheLineHint();
        // This JVM's heap is far below 32 GiB: its references are compressed, 16 to a 64-byte line.
        assertThat(System.getProperty(JettyServers.REFERENCES_PER_CACHE_LINE)).isEqualTo("16");
    }

    @Test
    void theUsersOwnFigureIsKept() {
        System.setProperty(JettyServers.REFERENCES_PER_CACHE_LINE, "4");
        JettyServers.cacheLineHint();
        assertThat(System.getProperty(JettyServers.REFERENCES_PER_CACHE_LINE)).isEqualTo("4");
    }

    @Test
    void prepareGivesTheSameFigureAndKeepsTheUsers() {
        System.clearProperty(JettyServers.REFERENCES_PER_CACHE_LINE);
        JettyServers.prepare();
        assertThat(System.getProperty(JettyServers.REFERENCES_PER_CACHE_LINE)).isEqualTo("16");
        System.setProperty(JettyServers.REFERENCES_PER_CACHE_LINE, "4");
        JettyServers.prepare(); // a second call: nothing to do, nothing overwritten
        assertThat(System.getProperty(JettyServers.REFERENCES_PER_CACHE_LINE)).isEqualTo("4");
    }
}
