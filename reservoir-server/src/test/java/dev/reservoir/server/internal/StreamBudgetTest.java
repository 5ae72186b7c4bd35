package dev.reservoir.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The default number of content streams open at once, from the process's open-file limit. */
class StreamBudgetTest {

    @Test
    void theLimitReadFromProcIsTheOneTheJdkReports() {
        // The JDK's answer (getrlimit) is the yardstick; on a system without /proc both come from it.
        var os = (com.sun.management.UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        assertThat(StreamBudget.openFileLimit()).isEqualTo(os.getMaxFileDescriptorCount());
    }

    @Test
    void aLimitsLineGivesItsSoftLimit() {
        assertThat(StreamBudget.parseLimit("Max open files            1024                 1048576              files"))
                .isEqualTo(1024);
        assertThat(StreamBudget.parseLimit("Max open files            unlimited            unlimited            files"))
                .isEqualTo(Long.MAX_VALUE);
    }
}
