package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.client.SizeMismatchException;
import dev.reservoir.client.common.McpClientException;
import dev.reservoir.client.common.McpTimeoutException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ExitCodesTest {

    private static String report(Exception e, int expected) {
        StringWriter err = new StringWriter();
        assertThat(ExitCodes.report("read", e, new PrintWriter(err))).isEqualTo(expected);
        return err.toString();
    }

    @Test
    void contentOtherThanAnnouncedIsAServerErrorNamingBothSizes() {
        assertThat(report(new SizeMismatchException("x://a", 10, 6), ExitCodes.SERVER_ERROR))
                .isEqualTo("reservoir read: x://a: the server announced 10 bytes but sent 6\n");
    }

    @Test
    void aLocalFileProblemIsAUsageErrorAndATimeoutStaysATimeout() {
        assertThat(report(new LocalFileException("out/: no such directory"), ExitCodes.USAGE))
                .isEqualTo("reservoir read: out/: no such directory\n");
        assertThat(report(new McpTimeoutException("server/discover", Duration.ofSeconds(3)), ExitCodes.TIMEOUT))
                .contains("within 3000 ms");
        report(new McpClientException("could not reach x: connection refused"), ExitCodes.UNREACHABLE);
    }
}
