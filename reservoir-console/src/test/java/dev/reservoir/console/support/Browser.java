package dev.reservoir.console.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium (Debian's {@code chromium} and {@code chromium-driver}) driven by Selenium,
 * with a fresh profile and the flags this machine's closed network needs. Where the browser is
 * missing the test is skipped with a message, unless {@code RESERVOIR_REQUIRE_BROWSER=1} (set by
 * {@code .ci/run}), which makes it a failure. Selenium is given both binaries, so it never looks for
 * (or downloads) a driver itself.
 */
public final class Browser implements AutoCloseable {

    public static final Duration WAIT = Duration.ofSeconds(30);

    private final ChromeDriver driver;
    private final Path profile;

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Starts a browser, or skips the test (fails it in CI) when there is none. */
    public static Browser start() {
        Path chromium = Path.of(env("RESERVOIR_CHROMIUM", "/usr/bin/chromium"));
        Path chromedriver = Path.of(env("RESERVOIR_CHROMEDRIVER", "/usr/bin/chromedriver"));
        boolean present = Files.isExecutable(chromium) && Files.isExecutable(chromedriver);
        String missing = "headless Chromium is not installed (" + chromium + ", " + chromedriver
                + "): apt-get install -y chromium chromium-driver, or set RESERVOIR_CHROMIUM and RESERVOIR_CHROMEDRIVER";
        if (!present) {
            if ("1".equals(System.getenv("RESERVOIR_REQUIRE_BROWSER"))) {
                throw new AssertionError(missing + " (RESERVOIR_REQUIRE_BROWSER=1: a missing browser is a failure)");
            }
            Assumptions.abort("Skipped: " + missing);
        }
        Path profile;
        try {
            profile = Files.createTempDirectory("console-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--disable-extensions",
                "--force-device-scale-factor=1",
                "--lang=en-US",
                "--window-size=1280,900",
                "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(1280, 900));
        driver.manage().timeouts().scriptTimeout(WAIT);
        return new Browser(driver, profile);
    }

    private static String env(String name, String otherwise) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? otherwise : value;
    }

    public WebDriver driver() {
        return driver;
    }

    /** Opens the console's address and waits until its page has started. */
    public void open(String url) {
        driver.get(url);
        until(d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
    }

    /** Waits for a condition; on timeout saves a screenshot and says what the page showed. */
    public <T> T until(Function<WebDriver, T> condition) {
        try {
            return new WebDriverWait(driver, WAIT)
                    .ignoring(org.openqa.selenium.NoSuchElementException.class)
                    .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                    .until(condition::apply);
        } catch (org.openqa.selenium.TimeoutException e) {
            Path shot = screenshot("failed-" + System.currentTimeMillis());
            String text = driver.findElement(By.tagName("body")).getText();
            throw new AssertionError(
                    "waited " + WAIT.toSeconds() + " s in vain (screenshot " + shot + "); the page showed:\n"
                            + text.substring(0, Math.min(text.length(), 3000)),
                    e);
        }
    }

    public WebElement find(String css) {
        return until(d -> {
            WebElement e = d.findElement(By.cssSelector(css));
            return e.isDisplayed() ? e : null;
        });
    }

    /** Clicks an element, finding it again if the page redrew it meanwhile. */
    public void click(String css) {
        until(d -> {
            d.findElement(By.cssSelector(css)).click();
            return true;
        });
    }

    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Waits until the element's text contains the snippet; returns the text. */
    public String textContains(String css, String snippet) {
        return until(d -> {
            String text = d.findElement(By.cssSelector(css)).getText();
            return text.contains(snippet) ? text : null;
        });
    }

    public Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Saves a screenshot as target/screenshots/NAME.png (the README's pictures come from here). */
    public Path screenshot(String name) {
        Path dir = Path.of(System.getProperty("reservoir.screenshots.dir", "target/screenshots"));
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(name + ".png");
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The browser console's messages so far (errors, CSP violations). */
    public List<String> consoleMessages() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::toString)
                .toList();
    }

    /** Every address the page loaded something from (the Resource Timing entries). */
    @SuppressWarnings("unchecked")
    public List<String> loadedUrls() {
        return (List<String>)
                js("return performance.getEntriesByType('resource').map(e => e.name)" + ".concat([location.href]);");
    }

    public void assertNoScriptErrors() {
        assertThat(consoleMessages().stream().filter(m -> m.contains("SEVERE")))
                .as("errors in the browser console")
                .isEmpty();
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary profile left behind
            }
        }
    }
}
