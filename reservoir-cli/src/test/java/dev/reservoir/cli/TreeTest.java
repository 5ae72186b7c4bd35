package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Resource;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ls --tree}: rooted at each folder served, names as people read them, titles only when they say more. */
class TreeTest {

    private static final String ROOT = "file:///home/me/docs";

    private static Resource folder(String uri, String name, String title) {
        return Resource.builder(uri, name)
                .title(title)
                .mimeType("inode/directory")
                .isCollection(true)
                .build();
    }

    private static Resource file(String uri, String name, String title) {
        return Resource.builder(uri, name)
                .title(title)
                .mimeType("text/plain")
                .size(3L)
                .build();
    }

    private static List<String> tree(List<Resource> resources) {
        StringWriter out = new StringWriter();
        Tree.print(resources, new PrintWriter(out, true));
        return out.toString().lines().toList();
    }

    @Test
    void aServedFolderIsTheRootAndItsNamesAreDecoded() {
        List<String> lines = tree(List.of(
                folder(ROOT, "docs", "docs"),
                file(ROOT + "/z.md", "z.md", "docs/z.md"),
                file(ROOT + "/file%20with%20spaces.txt", "file with spaces.txt", "docs/file with spaces.txt"),
                folder(ROOT + "/%C3%9Cn%C3%AF", "Ünï", "docs/Ünï"),
                file(ROOT + "/%C3%9Cn%C3%AF/a%2Bb.md", "a+b.md", "docs/Ünï/a+b.md")));
        assertThat(lines.getFirst()).startsWith(ROOT + "/  (");
        assertThat(lines.subList(1, lines.size())).noneMatch(l -> l.contains("home") || l.contains("me/"));
        assertThat(String.join("\n", lines)).doesNotContain("%").doesNotContain("\"");
        assertThat(lines)
                .extracting(l -> l.replaceAll("  \\(.*", ""))
                .containsExactly(
                        ROOT + "/",
                        "\u251c\u2500\u2500 file with spaces.txt",
                        "\u251c\u2500\u2500 Ünï/",
                        "\u2502   \u2514\u2500\u2500 a+b.md",
                        "\u2514\u2500\u2500 z.md");
    }

    @Test
    void twoServedFoldersAreTwoRoots() {
        List<String> lines = tree(List.of(
                folder("file:///a/docs", "docs", null),
                file("file:///a/docs/x.md", "x.md", null),
                folder("file:///b/specs", "specs", null),
                file("file:///b/specs/y.md", "y.md", null)));
        assertThat(lines)
                .extracting(l -> l.replaceAll("  \\(.*", ""))
                .containsExactly(
                        "file:///a/docs/", "\u2514\u2500\u2500 x.md", "file:///b/specs/", "\u2514\u2500\u2500 y.md");
    }

    @Test
    void resourcesWithoutAFolderHangFromTheirSchemeAndATitleThatSaysMoreIsShown() {
        List<String> lines = tree(List.of(
                file("demo://items/0001", "0001", "Item 1"),
                file("demo://items/0002", "0002", null),
                file("test://static-text", "static-text", null)));
        assertThat(lines)
                .containsExactly(
                        "demo://items/",
                        "\u251c\u2500\u2500 0001  (3 B, text/plain, -)  \"Item 1\"",
                        "\u2514\u2500\u2500 0002  (3 B, text/plain, -)",
                        "test://static-text  (3 B, text/plain, -)");
    }
}
