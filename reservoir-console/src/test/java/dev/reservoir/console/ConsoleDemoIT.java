package dev.reservoir.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.console.support.Browser;
import dev.reservoir.console.support.Targets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The console in a real browser against {@code reservoir serve --demo}'s set over HTTP: the tree,
 * search, previews, metadata, a template form with completion, live updates and the basket.
 */
@Timeout(180)
class ConsoleDemoIT {

    private static Targets.Served demo;
    private static Console console;
    private Browser browser;

    @BeforeAll
    static void startServer() {
        demo = Targets.demo(Duration.ofMillis(700));
        console = Targets.console(demo.url());
    }

    @AfterAll
    static void stopServer() throws Exception {
        console.close();
        demo.close();
    }

    @BeforeEach
    void openBrowser() {
        browser = Browser.start();
        browser.open(console.url().toString());
    }

    @AfterEach
    void closeBrowser() {
        browser.close();
    }

    private WebElement node(String key) {
        return browser.find(".node[data-key=\"" + key + "\"]");
    }

    private void expand(String key) {
        node(key).findElement(By.cssSelector(".twisty")).click();
    }

    @Test
    void theTreeGroupsByUriAndOpensCollectionsLazily() {
        assertThat(node("demo://").getText()).contains("demo://");
        assertThat(node("test://").getText()).contains("test://");
        assertThat(browser.all(".node[data-key=\"demo://collection/\"]"))
                .as("closed nodes are not fetched")
                .isEmpty();
        expand("demo://");
        assertThat(node("demo://collection/").getText()).contains("collection");
        expand("demo://collection/");
        assertThat(node("demo://collection/readme.md").getText()).contains("readme.md");
        assertThat(node("demo://collection/nested/").getAttribute("class")).contains("expandable");
        expand("demo://collection/nested/");
        assertThat(node("demo://collection/nested/deep.txt").getText()).contains("deep.txt");
        node("demo://collection/readme.md").click();
        browser.find(".markdown h1");
        assertThat(browser.find(".markdown h1").getText()).isEqualTo("A collection");
        browser.screenshot("tree");
        browser.assertNoScriptErrors();
    }

    @Test
    void searchFiltersAsYouTypeAndMarksTheMatch() {
        browser.find("#search").sendKeys("items/000");
        // Read the rows in one go: the list redraws as answers arrive.
        @SuppressWarnings("unchecked")
        List<List<String>> rows = browser.until(d -> {
            List<List<String>> seen = (List<List<String>>) browser.js("return [...document.querySelectorAll("
                    + "'.row[data-uri]')].map(r => [r.dataset.uri, r.querySelector('mark')?.textContent ?? ''])");
            return seen.size() == 9 ? seen : null;
        });
        assertThat(rows).allSatisfy(row -> assertThat(row.get(1)).isEqualToIgnoringCase("items/000"));
        assertThat(rows.getFirst().getFirst()).isEqualTo("demo://items/0001");
        browser.textContains("#list-status", "9 matching");
        browser.screenshot("search");
    }

    private void search(String text) {
        browser.find("#search").sendKeys(text);
        browser.until(d -> browser.all(".row[data-uri]").size() >= 1 ? true : null);
    }

    private void selectRow(String uri) {
        browser.click(".row[data-uri=\"" + uri + "\"]");
    }

    @Test
    void previewShowsTextImagesAndEveryMetadataField() {
        search("static");
        selectRow("test://static-text");
        browser.textContains("#preview-body", "This is the content of the static text resource.");
        assertThat(browser.find("#fields [data-field=title] dd").getText()).isEqualTo("Static text");
        assertThat(browser.textContains("#details", "priority")).contains("0.9").contains("user, assistant");
        assertThat(browser.find("#details img.icon").getAttribute("src")).startsWith("data:image/png;base64,");
        assertThat(browser.find("#details").getText()).contains("2025-01-12T15:00:58Z");
        selectRow("test://static-binary");
        WebElement image = browser.find("#preview-body img.preview-image");
        browser.until(
                d -> ((Number) browser.js("return arguments[0].naturalWidth", image)).intValue() > 0 ? true : null);
        assertThat(image.getAttribute("src")).startsWith("data:image/png;base64,");
        browser.screenshot("preview-image");
        browser.assertNoScriptErrors();
    }

    @Test
    void largeBinaryContentIsStreamedAndCutWithANote() {
        search("large.bin");
        selectRow("demo://blob/large");
        String note = browser.find("#cut-note").getText();
        assertThat(note).contains("64 KiB").contains("4.0 MiB");
        assertThat(browser.find("pre.hex").getText()).startsWith("00000000  ");
        assertThat(browser.find("pre.hex").getText().lines()).hasSize(4096);
    }

    @Test
    void aTemplateFormCompletesAsYouTypeAndReadsTheResult() {
        browser.click("#tabs [data-tab=templates]");
        WebElement form = browser.find("form.template[data-template=\"demo://colors/{name}\"]");
        WebElement input = form.findElement(By.cssSelector("input[data-variable=name]"));
        input.sendKeys("bl");
        browser.until(d -> form.findElements(By.cssSelector("ul.suggestions li[data-value]"))
                                .size()
                        == 2
                ? true
                : null);
        assertThat(form.findElements(By.cssSelector("ul.suggestions li[data-value]")))
                .extracting(WebElement::getText)
                .containsExactly("black", "blue");
        browser.screenshot("template-completion");
        form.findElement(By.cssSelector("li[data-value=blue]")).click();
        assertThat(input.getAttribute("value")).isEqualTo("blue");
        form.findElement(By.cssSelector("button[type=submit]")).click();
        browser.textContains("#preview-body", "blue is #0000ff");
        assertThat(browser.find("#preview-uri").getText()).isEqualTo("demo://colors/blue");
        browser.screenshot("template");
    }

    @Test
    void aWatchedResourceUpdatesItsPreviewLive() {
        search("watched");
        selectRow("test://watched-resource");
        String first = browser.textContains("#preview-body", "Watched resource, version");
        browser.click("#watch-toggle");
        browser.textContains("#watch-toggle", "Stop watching");
        browser.find("#updated-note");
        String later = browser.textContains("#preview-body", "Watched resource, version");
        assertThat(later).isNotEqualTo(first);
        // The row is redrawn on each update, so it is looked up afresh until it says so.
        browser.textContains(".row[data-uri=\"test://watched-resource\"]", "watching");
        browser.screenshot("live");
    }

    @Test
    void theBasketFillsWithinTheBudgetSaysWhyTheRestIsLeftOutAndExportsMarkdown() {
        browser.click("#tabs [data-tab=basket]");
        WebElement budget = browser.find("#budget");
        budget.clear();
        budget.sendKeys("1");
        browser.click("#auto-fill");
        browser.textContains("#left-out summary", "Left out by the automatic fill");
        browser.until(d -> browser.all("table.basket tr.fits").size() > 0 ? true : null);
        String used = browser.textContains("#basket-used", "used");
        assertThat(used).contains("of 1.0 KiB used").contains("tokens");
        assertThat(browser.find("#left-out").getText())
                .contains("does not fit what is left of the budget")
                .contains("a collection, not content");
        // The priority-0.9 static text ranks first.
        assertThat(browser.all("table.basket tr").getFirst().getAttribute("data-uri"))
                .isEqualTo("test://static-text");
        browser.screenshot("basket");
        browser.click("#bundle-copy");
        String bundle = browser.until(d -> {
            String v = browser.find("#bundle").getAttribute("value");
            return v != null && !v.isEmpty() ? v : null;
        });
        assertThat(bundle)
                .startsWith("# Context from reservoir-demo")
                .contains("## Static text")
                .contains("This is the content of the static text resource.");
    }

    private java.util.Set<String> rowUris() {
        return browser.all(".row[data-uri]").stream()
                .map(e -> e.getAttribute("data-uri"))
                .collect(java.util.stream.Collectors.toSet());
    }

    private void waitForRows(java.util.function.Predicate<java.util.Set<String>> condition) {
        browser.until(d -> condition.test(rowUris()) ? true : null);
    }

    @Test
    void filtersNarrowTheListByTypeAudienceDateAndSize() {
        browser.find("#filter-mime").sendKeys("image/");
        waitForRows(uris -> uris.equals(java.util.Set.of("test://static-binary")));
        browser.find("#filter-mime").clear();
        browser.js("arguments[0].dispatchEvent(new Event('input'))", browser.find("#filter-mime"));
        new org.openqa.selenium.support.ui.Select(browser.find("#filter-audience")).selectByValue("user");
        waitForRows(uris -> uris.equals(java.util.Set.of("test://static-text", "demo://blob/large")));
        new org.openqa.selenium.support.ui.Select(browser.find("#filter-audience")).selectByValue("");
        browser.js(
                "arguments[0].value = '2026-01-01'; arguments[0].dispatchEvent(new Event('change'))",
                browser.find("#filter-since"));
        waitForRows(uris -> uris.contains("demo://collection/readme.md") && !uris.contains("test://static-text"));
        browser.js(
                "arguments[0].value = ''; arguments[0].dispatchEvent(new Event('change'))",
                browser.find("#filter-since"));
        browser.find("#filter-min").sendKeys("1000000");
        waitForRows(uris -> uris.equals(java.util.Set.of("demo://blob/large")));
        browser.textContains("#list-status", "1 matching");
    }

    @Test
    void theTokenLeavesTheAddressBarAndNoCookieHoldsIt() {
        String token = console.url().getQuery().substring("token=".length());
        assertThat(browser.driver().getCurrentUrl()).isEqualTo(console.base().toString());
        assertThat(browser.driver().manage().getCookies()).isEmpty();
        assertThat(browser.js("return sessionStorage.getItem('reservoir-console-token')"))
                .isEqualTo(token);
        browser.driver().navigate().refresh();
        browser.textContains("#connection", "connected");
        try (Browser stranger = Browser.start()) {
            stranger.driver().get(console.base().toString());
            stranger.until(
                    d -> "failed".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")) ? true : null);
            assertThat(stranger.find("#connection").getText()).contains("open the address the console printed");
            assertThat(stranger.all(".node")).isEmpty();
        }
    }
}
