package dev.reservoir.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.console.support.Browser;
import dev.reservoir.console.support.Targets;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Icon;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.model.Role;
import dev.reservoir.server.McpServer;
import dev.reservoir.server.spi.Completion;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ReadResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * A server built for the corners: a template whose completion depends on another variable
 * ({@code context.arguments}), and a resource with {@code _meta}, annotations and icons (one from
 * the internet, which the console names but never loads).
 */
@Timeout(120)
class ConsoleHandBuiltServerIT {

    static final Map<String, List<String>> CITIES = Map.of(
            "fr", List.of("lyon", "marseille", "paris"),
            "jp", List.of("osaka", "sapporo", "tokyo"));

    private static Targets.Served served;
    private static Console console;

    @BeforeAll
    static void start() {
        ObjectNode meta = JsonNodeFactory.instance
                .objectNode()
                .put("source", "<b>survey</b>")
                .put("rows", 3);
        McpServer server = McpServer.builder()
                .serverInfo("hand-built", "1.0")
                .resource(
                        Resource.builder("geo://index", "index")
                                .title("Index of places")
                                .mimeType("text/plain")
                                .size(5L)
                                .annotations(new Annotations(
                                        List.of(Role.ASSISTANT), 0.7, Instant.parse("2026-05-01T10:00:00Z")))
                                .icons(
                                        List.of(
                                                new Icon(
                                                        "https://example.com/icon.png",
                                                        "image/png",
                                                        List.of("48x48"),
                                                        "light"),
                                                Icon.of(
                                                        "data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4=")))
                                .meta(meta)
                                .build(),
                        "index")
                .template(
                        ResourceTemplate.builder("geo://{country}/{city}", "city")
                                .title("A city")
                                .mimeType("text/plain")
                                .build(),
                        request -> ReadResult.of(
                                Resource.builder(request.uri().toString(), request.variable("city"))
                                        .mimeType("text/plain")
                                        .build(),
                                ContentBody.text(request.variable("city") + " is in " + request.variable("country"))),
                        request -> request.argument().equals("city")
                                ? Completion.of(
                                        CITIES.getOrDefault(request.context().getOrDefault("country", ""), List.of()),
                                        request.value())
                                : Completion.of(
                                        List.copyOf(CITIES.keySet()).stream()
                                                .sorted()
                                                .toList(),
                                        request.value()))
                .build();
        served = Targets.serve(server, null);
        console = Targets.console(served.url());
    }

    @AfterAll
    static void stop() throws Exception {
        console.close();
        served.close();
    }

    @Test
    void completionOfOneVariableKnowsTheOthers() {
        try (Browser browser = Browser.start()) {
            browser.open(console.url().toString());
            browser.click("#tabs [data-tab=templates]");
            WebElement form = browser.find("form.template[data-template=\"geo://{country}/{city}\"]");
            WebElement country = form.findElement(By.cssSelector("input[data-variable=country]"));
            WebElement city = form.findElement(By.cssSelector("input[data-variable=city]"));
            // Tab, not a click: the country's suggestion list may already lie over the city field.
            country.sendKeys("jp", Keys.TAB);
            assertThat(browser.js("return document.activeElement.dataset.variable"))
                    .isEqualTo("city");
            browser.until(d -> form.findElements(By.cssSelector("input[data-variable=city] + ul li[data-value]"))
                                    .size()
                            == 3
                    ? true
                    : null);
            assertThat(form.findElements(By.cssSelector("li[data-value]")))
                    .extracting(WebElement::getText)
                    .containsExactly("osaka", "sapporo", "tokyo");
            city.sendKeys("t");
            browser.until(
                    d -> form.findElements(By.cssSelector("li[data-value]")).size() == 1 ? true : null);
            country.clear();
            country.sendKeys("fr");
            city.clear();
            city.sendKeys("l");
            browser.until(d ->
                    form.findElements(By.cssSelector("li[data-value=lyon]")).isEmpty() ? null : true);
            city.sendKeys(org.openqa.selenium.Keys.ARROW_DOWN, org.openqa.selenium.Keys.ENTER);
            assertThat(city.getAttribute("value")).isEqualTo("lyon");
            form.findElement(By.cssSelector("button[type=submit]")).click();
            browser.textContains("#preview-body", "lyon is in fr");
        }
    }

    @Test
    void theSidePanelShowsEveryFieldAndLoadsNoIconFromTheInternet() {
        try (Browser browser = Browser.start()) {
            browser.open(console.url().toString());
            browser.click(".node[data-key=\"geo://index\"]");
            browser.textContains("#preview-body", "index");
            String details = browser.textContains("#details", "\"source\"");
            assertThat(details)
                    .contains("Index of places")
                    .contains("assistant")
                    .contains("0.7")
                    .contains("2026-05-01T10:00:00Z")
                    .contains("\"source\": \"<b>survey</b>\"")
                    .contains("https://example.com/icon.png")
                    .contains("48x48");
            assertThat(browser.all("#details b")).as("_meta is text, not HTML").isEmpty();
            assertThat(browser.all("#details img.icon"))
                    .hasSize(1)
                    .allSatisfy(img -> assertThat(img.getAttribute("src")).startsWith("data:image/svg+xml"));
            assertThat(browser.loadedUrls())
                    .allSatisfy(url -> assertThat(url).startsWith(console.base().toString()));
            browser.screenshot("metadata");
        }
    }
}
