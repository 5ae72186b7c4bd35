package dev.reservoir.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.console.support.Browser;
import dev.reservoir.console.support.Targets;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The console in a real browser against a served folder: Markdown, CSV, code, images and binary
 * previews, a live update after a file changes on disk, the tree keeping its place when the list
 * changes, and resources whose names and content try to run script.
 */
@Timeout(180)
class ConsoleFolderIT {

    /** A name and content that would run script if the page ever used them as HTML. */
    static final String XSS_NAME = "<img src=x onerror=window.__xss=1>.md";

    static final String XSS_TEXT =
            """
            # Hello <script>window.__xss = 2</script>

            <img src=x onerror="window.__xss = 3"> <a href="javascript:window.__xss = 4">click</a>
            [also](javascript:window.__xss=5) <svg onload="window.__xss = 6"></svg>
            <iframe src="javascript:window.__xss = 7"></iframe>
            ![remote](https://example.com/tracker.png)
            """;

    @TempDir
    Path dir;

    private Targets.Served folder;
    private Console console;
    private Browser browser;

    @BeforeEach
    void start() throws IOException {
        Files.writeString(dir.resolve("notes.md"), "# Notes\n\nSome *emphasis* and a [link](https://example.com).\n");
        Files.writeString(
                dir.resolve("table.csv"),
                "name,qty,note\napple,3,\"red, round\"\nbanana,12,<img src=x onerror=window.__xss=8>\n");
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(
                dir.resolve("src/App.java"), "public class App {\n    static int answer() { return 42; }\n}\n");
        Files.writeString(dir.resolve(XSS_NAME), XSS_TEXT);
        byte[] noise = new byte[200 * 1024];
        new Random(7).nextBytes(noise);
        Files.write(dir.resolve("data.bin"), noise);
        Files.writeString(dir.resolve("big.txt"), "0123456789abcdef".repeat(192 * 1024)); // 3 MiB
        BufferedImage image = new BufferedImage(60, 30, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(new Color(0x2563eb));
        g.fillRect(0, 0, 60, 30);
        g.dispose();
        ImageIO.write(image, "png", dir.resolve("logo.png").toFile());
        folder = Targets.folder(dir);
        console = Targets.console(folder.url());
        browser = Browser.start();
        browser.open(console.url().toString());
    }

    @AfterEach
    void stop() throws Exception {
        browser.close();
        console.close();
        folder.close();
    }

    private WebElement node(String key) {
        return browser.find(".node[data-key=\"" + key + "\"]");
    }

    /** The folder, the only top node, opens by itself. */
    private void openRoot() {
        file("notes.md");
    }

    private WebElement file(String path) {
        return node(folder.root() + "/" + path);
    }

    private void show(String path) {
        file(path).click();
    }

    @Test
    void previewsMarkdownCsvCodeImagesAndBinary() {
        assertThat(node(folder.root()).findElement(By.cssSelector(".label")).getText())
                .as("the tree starts at the folder")
                .isEqualTo(folder.root());
        openRoot();
        show("notes.md");
        assertThat(browser.find(".markdown h1").getText()).isEqualTo("Notes");
        assertThat(browser.find(".markdown em").getText()).isEqualTo("emphasis");
        assertThat(browser.find(".markdown a").getAttribute("rel")).contains("noopener");
        browser.screenshot("preview-markdown");
        show("table.csv");
        WebElement table = browser.find("table.csv");
        assertThat(table.findElements(By.cssSelector("th")))
                .extracting(WebElement::getText)
                .containsExactly("name", "qty", "note");
        assertThat(table.findElements(By.cssSelector("tbody tr")).get(0).getText())
                .contains("red, round");
        browser.screenshot("preview-csv");
        show("logo.png");
        WebElement img = browser.find("img.preview-image");
        browser.until(
                d -> ((Number) browser.js("return arguments[0].naturalWidth", img)).intValue() == 60 ? true : null);
        show("data.bin");
        assertThat(browser.find("pre.hex").getText()).startsWith("00000000  ");
        assertThat(browser.find("#preview-body").getText())
                .contains("Binary content")
                .contains("200 KiB");
        file("src").findElement(By.cssSelector(".twisty")).click();
        show("src/App.java");
        assertThat(browser.find("code.hljs").getAttribute("data-language")).isEqualTo("java");
        assertThat(browser.all("code.hljs span.hljs-keyword")).isNotEmpty();
        show("src"); // a folder: its read lists its entries, each one to open
        browser.click(".uri-list a[data-uri$='/src/App.java']");
        browser.textContains("#preview-uri", "/src/App.java");
        browser.find("code.hljs[data-language=java]");
        browser.assertNoScriptErrors();
    }

    @Test
    void largeTextIsStreamedAndCutWithANote() {
        openRoot();
        show("big.txt");
        assertThat(browser.find("#cut-note").getText()).contains("first 1.0 MiB of 3.0 MiB");
        Number shown = (Number) browser.js("return document.querySelector('#preview-body pre').textContent.length");
        assertThat(shown.longValue()).isEqualTo(1 << 20);
    }

    @Test
    void aFileChangedOnDiskUpdatesItsPreviewLive() throws IOException {
        openRoot();
        show("notes.md");
        browser.find(".markdown h1");
        browser.click("#watch-toggle");
        browser.textContains("#watch-toggle", "Stop watching");
        Files.writeString(dir.resolve("notes.md"), "# Changed on disk\n\nNew text.\n");
        browser.find("#updated-note");
        assertThat(browser.textContains(".markdown h1", "Changed on disk")).isEqualTo("Changed on disk");
        assertThat(file("notes.md").getText()).contains("watching");
        browser.screenshot("live-folder");
    }

    @Test
    void aNewFileAppearsInTheTreeWhichKeepsItsPlace() throws IOException {
        openRoot();
        file("src").findElement(By.cssSelector(".twisty")).click();
        show("src/App.java");
        file("src/App.java");
        Files.writeString(dir.resolve("added.txt"), "a new file\n");
        file("added.txt");
        assertThat(file("src/App.java").getAttribute("class"))
                .as("the open folder stays open and the selection stays")
                .contains("selected");
    }

    @Test
    void resourceNamesAndContentCannotRunScript() {
        openRoot();
        WebElement node = browser.until(d -> browser.all(".node[data-uri]").stream()
                .filter(e -> e.getText().contains("<img src=x"))
                .findFirst()
                .orElse(null));
        assertThat(node.getText()).contains(XSS_NAME);
        node.click();
        browser.find(".markdown h1");
        assertThat(browser.find("#preview-title").getText()).endsWith("/" + XSS_NAME);
        assertNothingRan();
        assertThat(browser.all(".markdown img"))
                .allSatisfy(img -> assertThat(img.getAttribute("src")).isNull());
        browser.find("#search").sendKeys("onerror");
        browser.until(d -> browser.all(".row[data-uri]").size() >= 1 ? true : null);
        assertThat(browser.find(".row[data-uri] .name").getText()).contains("<img src=x");
        assertNothingRan();
        browser.click("#view-tree");
        show("table.csv");
        assertThat(browser.find("table.csv").getText()).contains("<img src=x onerror=window.__xss=8>");
        assertNothingRan();
        assertThat(browser.loadedUrls())
                .allSatisfy(url -> assertThat(url).startsWith(console.base().toString()));
    }

    /** No script ran, and no element that could run one (or fetch from elsewhere) is in the page. */
    private void assertNothingRan() {
        assertThat(browser.js("return window.__xss === undefined")).isEqualTo(true);
        assertThat(browser.all(
                        "img[src=x], script:not([src]), iframe, svg, [onerror], [onload], a[href^='javascript']"))
                .isEmpty();
    }

    @Test
    void watchingTheVisibleRowsMarksTheOnesThatChange() throws IOException {
        browser.click("#view-list");
        browser.find(".row[data-uri=\"" + folder.root() + "/notes.md\"]");
        browser.click("#watch-visible");
        browser.until(d -> browser.find(".row[data-uri=\"" + folder.root() + "/notes.md\"]")
                        .getText()
                        .contains("watching")
                ? true
                : null);
        Files.writeString(dir.resolve("notes.md"), "# Changed\n");
        browser.until(d -> browser.find(".row[data-uri=\"" + folder.root() + "/notes.md\"]")
                        .getText()
                        .contains("changed")
                ? true
                : null);
        assertThat(browser.find(".row[data-uri=\"" + folder.root() + "/table.csv\"]")
                        .getText())
                .doesNotContain("changed");
    }

    @Test
    void aBasketFilledByHandSaysWhatFitsTheBudgetAndWhatDoesNot() {
        openRoot();
        show("notes.md");
        browser.find(".markdown h1");
        browser.click("#basket-toggle");
        browser.textContains("#basket-toggle", "Remove from context");
        show("big.txt");
        browser.find("#cut-note");
        browser.click("#basket-toggle");
        browser.click("#tabs [data-tab=basket]");
        WebElement notes = browser.find("table.basket tr[data-uri=\"" + folder.root() + "/notes.md\"]");
        browser.until(d -> notes.getText().contains("fits") ? true : null);
        String big =
                browser.textContains("table.basket tr[data-uri=\"" + folder.root() + "/big.txt\"]", "does not fit");
        assertThat(big).contains("3.0 MiB");
        assertThat(browser.find("#basket-used").getText())
                .contains("of 16 KiB used")
                .contains("2 chosen");
        browser.click("#bundle-copy");
        String bundle = browser.until(d -> {
            String v = browser.find("#bundle").getAttribute("value");
            return v != null && !v.isEmpty() ? v : null;
        });
        assertThat(bundle).contains("# Notes").doesNotContain("0123456789abcdef");
        browser.screenshot("basket-by-hand");
    }
}
