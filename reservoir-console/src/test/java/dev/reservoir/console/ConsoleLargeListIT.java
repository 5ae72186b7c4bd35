package dev.reservoir.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.console.support.Browser;
import dev.reservoir.console.support.CountingProvider;
import dev.reservoir.console.support.Targets;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.memory.InMemoryProvider;
import dev.reservoir.server.spi.ContentBody;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 100,000 resources (an in-memory server, 100 per page): the console fetches pages as the views
 * need them, never all at once. Asserted on the number of resources/list pages the server was
 * asked for, not on time.
 */
@Timeout(300)
class ConsoleLargeListIT {

    static final int COUNT = 100_000;
    static final int PAGE = 100;

    private static CountingProvider provider;
    private static Targets.Served served;

    @BeforeAll
    static void startServer() {
        InMemoryProvider memory = InMemoryProvider.create();
        Instant base = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0; i < COUNT; i++) {
            String id = String.format(Locale.ROOT, "%06d", i);
            memory.put(
                    Resource.builder("mem://items/" + id, "item-" + id)
                            .mimeType("text/plain")
                            .size(10L + i % 1000)
                            .annotations(new Annotations(List.of(), (i % 10) / 10.0, base.plusSeconds(i)))
                            .build(),
                    ContentBody.text("item " + id));
        }
        provider = new CountingProvider(memory);
        served = Targets.serve(
                McpServer.builder()
                        .serverInfo("hundred-thousand", "1.0")
                        .pageSize(PAGE)
                        .provider(provider)
                        .build(),
                null);
    }

    @AfterAll
    static void stopServer() throws Exception {
        served.close();
    }

    @Test
    void theListFetchesPagesOnlyAsTheyComeIntoSight() {
        try (Console console = Targets.console(served.url());
                Browser browser = Browser.start()) {
            browser.open(console.url().toString());
            browser.find(".node[data-key=\"mem://items/\"]");
            int afterTree = provider.listPages();
            // The tree's first level: at most 500 resources (5 pages), to group what it can.
            assertThat(afterTree).isBetween(1, 5);

            browser.click("#view-list");
            browser.textContains("#list-status", "more on the server");
            assertThat(browser.all(".list-rows .row").size())
                    .as("only rows in sight exist")
                    .isLessThan(30);
            assertThat(provider.listPages())
                    .as("the first rows were loaded already")
                    .isEqualTo(afterTree);

            // Scrolling to the end of what is loaded, ten times: each asks for one more chunk.
            for (int i = 1; i <= 10; i++) {
                int before = provider.listPages();
                browser.js("const v = document.getElementById('list-viewport'); v.scrollTop = v.scrollHeight;");
                browser.until(d -> provider.listPages() > before ? true : null);
                browser.textContains("#list-status", String.format(Locale.ROOT, "%,d listed", (before + 1) * PAGE));
            }
            int afterScrolling = provider.listPages();
            assertThat(afterScrolling).isBetween(afterTree + 10, afterTree + 12);
            assertThat(browser.all(".list-rows .row").size()).isLessThan(30);
            assertThat(browser.find(".list-rows .row[data-uri]").getAttribute("data-uri"))
                    .startsWith("mem://items/00");
            browser.screenshot("list-100k");

            // Sorting works on what is listed so far, and says so; it fetches nothing.
            browser.click(".list-head [data-sort=name]");
            browser.click(".list-head [data-sort=name]");
            browser.textContains("#list-status", "sorted among those listed so far");
            assertThat(browser.find("#list-load-all").isDisplayed()).isTrue();
            assertThat(provider.listPages()).isEqualTo(afterScrolling);

            // A search fills the window from what is listed and fetches further only while it has not found enough.
            browser.click(".list-head [data-sort=name]"); // back to the server's order
            browser.find("#search").sendKeys("item-0025");
            browser.until(
                    d -> browser.all(".row[data-uri=\"mem://items/002500\"]").isEmpty() ? null : true);
            assertThat(provider.listPages())
                    .as("pages up to the matches, not the whole list")
                    .isLessThan(40);
            browser.assertNoScriptErrors();
        }
    }
}
