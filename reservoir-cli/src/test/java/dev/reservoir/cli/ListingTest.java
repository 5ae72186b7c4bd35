package dev.reservoir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.Resource;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/** The table people read: fitted to the terminal, aligned whatever the names hold, in local time. */
class ListingTest {

    private static final Instant AT = Instant.parse("2026-11-23T18:36:19Z");

    private static Resource file(String path, long size) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        String encoded = java.net.URLEncoder.encode(path, java.nio.charset.StandardCharsets.UTF_8)
                .replace("+", "%20")
                .replace("%2F", "/");
        return Resource.builder("file:///home/someone/projects/documentation/" + encoded, name)
                .title("documentation/" + path)
                .mimeType("text/markdown")
                .size(size)
                .annotations(new Annotations(List.of(), null, AT))
                .build();
    }

    private static List<String> table(List<Resource> resources, int columns) {
        StringWriter out = new StringWriter();
        Listing.table(resources, columns, new PrintWriter(out, true));
        return out.toString().lines().toList();
    }

    @Test
    void onANarrowTerminalRowsFitAndSizesAndTimesStayWhole() {
        List<Resource> resources = List.of(
                file("notes/2025/a-rather-long-note-name-about-quarterly-planning.md", 52_428_800),
                file("notes/2025/b.md", 16));
        List<String> lines = table(resources, 80);
        assertThat(lines).allSatisfy(line -> assertThat(Text.width(line)).isLessThanOrEqualTo(80));
        String local = Listing.time(AT);
        assertThat(lines.get(1)).contains("50.0 MiB").contains(local).contains("\u2026");
        assertThat(lines.get(2)).contains("16 B").contains(local);
    }

    @Test
    void pipedNothingIsCut() {
        Resource long1 = file("notes/2025/a-rather-long-note-name-about-quarterly-planning.md", 1);
        List<String> lines = table(List.of(long1), 0);
        assertThat(lines.get(1)).endsWith(long1.uri());
    }

    @Test
    void wideCharactersKeepTheColumnsInLine() {
        List<String> lines = table(List.of(file("日本 notes.md", 5), file("plain.md", 6)), 0);
        int sizeEnd1 = Text.width(lines.get(1).substring(0, lines.get(1).indexOf(" B") + 2));
        int sizeEnd2 = Text.width(lines.get(2).substring(0, lines.get(2).indexOf(" B") + 2));
        assertThat(sizeEnd1).isEqualTo(sizeEnd2);
        assertThat(Text.width("日本")).isEqualTo(4);
        assertThat(Text.width("e\u0301")).isEqualTo(1);
    }

    @Test
    void timesAreInTheLocalTimeZone() {
        TimeZone before = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("America/New_York"));
            assertThat(Listing.time(AT)).isEqualTo("2026-11-23 13:36");
            assertThat(Listing.timeToSecond(AT)).isEqualTo("2026-11-23 13:36:19");
        } finally {
            TimeZone.setDefault(before);
        }
    }
}
