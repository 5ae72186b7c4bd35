package dev.reservoir.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.console.support.Browser;
import dev.reservoir.console.support.Targets;
import dev.reservoir.demo.DemoServer;
import dev.reservoir.server.McpServer;
import dev.reservoir.transport.http.HttpTransport;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The connection indicator shows a lost server, and the console reconnects when it is back. */
@Timeout(180)
class ConsoleReconnectIT {

    @Test
    void aLostServerIsShownAndReconnectedWhenItComesBack() throws Exception {
        Targets.Served first = Targets.demo(Duration.ZERO);
        int port = first.http().port();
        try (Console console = Targets.console(first.url());
                Browser browser = Browser.start()) {
            browser.open(console.url().toString());
            browser.textContains("#connection", "connected");
            browser.find(".node[data-key=\"demo://\"]");

            first.close();
            String lost = browser.textContains("#connection", "server lost");
            assertThat(browser.find("#connection").getAttribute("data-state")).isEqualTo("down");
            assertThat(lost).contains("reconnecting");
            browser.screenshot("connection-lost");

            DemoServer demo = new DemoServer(Duration.ZERO, Clock.systemUTC());
            McpServer server = demo.configure(McpServer.builder().serverInfo("reservoir-demo", "2.0"))
                    .build();
            HttpTransport.Running again =
                    HttpTransport.builder().port(port).build().start(server);
            try {
                browser.textContains("#connection", "connected");
                browser.textContains("#server-meta", "2.0");
                browser.find(".node[data-key=\"demo://\"]");
                browser.assertNoScriptErrors();
            } finally {
                again.close();
                server.close();
                demo.close();
            }
        }
    }
}
