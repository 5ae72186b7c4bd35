package dev.reservoir.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.console.support.Browser;
import dev.reservoir.console.support.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The console against a server we did not write: the official reference server
 * ({@code @modelcontextprotocol/server-everything} from npm, on Node 22) over stdio.
 */
@Timeout(180)
class ConsoleInteropIT {

    @Test
    void showsTheReferenceServersResourcesAndCompletesItsTemplates() {
        try (Console console = Targets.console(Targets.serverEverything());
                Browser browser = Browser.start()) {
            browser.open(console.url().toString());
            assertThat(browser.textContains("#connection", "connected")).contains("stdio");
            browser.find(".node[data-key=\"demo://resource/static/document/\"]"); // the only top node: open
            browser.find(".node[data-uri=\"demo://resource/static/document/features.md\"]")
                    .click();
            assertThat(browser.find(".markdown h1").getText()).isNotBlank();
            assertThat(browser.find("#fields [data-field=mimeType] dd").getText())
                    .isEqualTo("text/markdown");
            browser.screenshot("interop-everything");

            browser.click("#tabs [data-tab=templates]");
            WebElement form =
                    browser.find("form.template[data-template=\"demo://resource/dynamic/text/{resourceId}\"]");
            form.findElement(By.cssSelector("input[data-variable=resourceId]")).sendKeys("7");
            browser.until(
                    d -> form.findElements(By.cssSelector("li[data-value='7']")).isEmpty() ? null : true);
            form.findElement(By.cssSelector("li[data-value='7']")).click();
            form.findElement(By.cssSelector("button[type=submit]")).click();
            browser.textContains("#preview-body", "Resource 7: This is a plaintext resource");
            browser.assertNoScriptErrors();

            // The server process ends (killed by its id: the console's client started it, as a
            // child of this JVM): the console starts it again and the page carries on.
            ProcessHandle server = ProcessHandle.current()
                    .descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("server-everything"))
                    .findFirst()
                    .orElseThrow();
            server.destroyForcibly();
            browser.until(d -> ProcessHandle.current()
                            .descendants()
                            .anyMatch(p -> p.pid() != server.pid()
                                    && p.info().commandLine().orElse("").contains("server-everything"))
                    ? true
                    : null);
            browser.until(d -> ((Number) browser.js("return fetch('/api/status', {headers: {'X-Console-Token':"
                                            + " sessionStorage.getItem('reservoir-console-token')}}).then(r => r.json())"
                                            + ".then(s => s.state === 'up' ? s.connections : 0)"))
                                    .intValue()
                            == 2
                    ? true
                    : null);
            browser.textContains("#connection", "connected");
            browser.click("#tabs [data-tab=resources]");
            browser.find(".node[data-uri=\"demo://resource/static/document/features.md\"]");
        }
    }
}
