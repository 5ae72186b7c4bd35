package dev.reservoir.provider.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.SkillCatalog;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkillsFolderTest {

    @TempDir
    Path dir;

    private static final String SKILL =
            "---\nname: pdf-forms\ndescription: Fills PDF forms.\nmetadata:\n  version: \"2\"\n---\n# PDF forms\n";

    private SkillsFolder skills() throws IOException {
        Files.createDirectories(dir.resolve("pdf-forms/scripts"));
        Files.writeString(dir.resolve("pdf-forms/SKILL.md"), SKILL);
        Files.writeString(dir.resolve("pdf-forms/scripts/fill.py"), "print('fill')\n");
        Files.createDirectories(dir.resolve("Bad_Name"));
        Files.writeString(dir.resolve("Bad_Name/SKILL.md"), "---\nname: Bad_Name\ndescription: x\n---\n");
        Files.createDirectories(dir.resolve("no-manifest"));
        Files.writeString(dir.resolve("no-manifest/notes.txt"), "not a skill\n");
        Files.writeString(dir.resolve("loose.txt"), "beside the skills\n");
        return SkillsFolder.create(dir);
    }

    @Test
    void theCatalogHasEachValidSkillWithItsFrontMatterAndADigestOfEveryFile() throws Exception {
        try (SkillsFolder skills = skills()) {
            List<SkillCatalog.Skill> all = skills.skills();
            assertThat(all).singleElement().satisfies(skill -> {
                assertThat(skill.uri()).isEqualTo("skill://pdf-forms/SKILL.md");
                assertThat(skill.frontmatter().toString())
                        .isEqualTo(
                                "{\"name\":\"pdf-forms\",\"description\":\"Fills PDF forms.\",\"metadata\":{\"version\":\"2\"}}");
                assertThat(skill.resources())
                        .extracting(SkillCatalog.SkillFile::uri)
                        .containsExactlyInAnyOrder("skill://pdf-forms/SKILL.md", "skill://pdf-forms/scripts/fill.py");
            });
            SkillCatalog.SkillFile manifest = all.getFirst().resources().stream()
                    .filter(f -> f.uri().endsWith("SKILL.md"))
                    .findFirst()
                    .orElseThrow();
            byte[] bytes = SKILL.getBytes(StandardCharsets.UTF_8);
            assertThat(manifest.size()).isEqualTo(bytes.length);
            assertThat(manifest.digest())
                    .isEqualTo("sha256:"
                            + HexFormat.of()
                                    .formatHex(
                                            MessageDigest.getInstance("SHA-256").digest(bytes)));
        }
    }

    @Test
    void filesAreSkillUrisAndTheManifestIsNamedByItsFrontMatter() throws Exception {
        try (SkillsFolder skills = skills()) {
            Resource manifest = skills.metadata(ResourceRequest.of(URI.create("skill://pdf-forms/SKILL.md")))
                    .orElseThrow()
                    .resource();
            assertThat(manifest.name()).isEqualTo("pdf-forms");
            assertThat(manifest.description()).isEqualTo("Fills PDF forms.");
            assertThat(manifest.mimeType()).isEqualTo("text/markdown");
            assertThat(skills.metadata(ResourceRequest.of(URI.create("skill://pdf-forms")))
                            .orElseThrow()
                            .resource()
                            .collection())
                    .isTrue();
            List<String> children =
                    skills.list(new ListRequest(URI.create("skill://pdf-forms"), null, 100)).items().stream()
                            .map(Resource::uri)
                            .toList();
            assertThat(children).containsExactlyInAnyOrder("skill://pdf-forms/SKILL.md", "skill://pdf-forms/scripts");
            assertThat(skills.read(ReadRequest.of(URI.create("skill://pdf-forms/scripts"), ReadOptions.DEFAULT))
                            .contents()
                            .getFirst()
                            .resource()
                            .mimeType())
                    .isEqualTo("text/uri-list");
        }
    }

    @Test
    void nothingOutsideASkillIsServed() throws Exception {
        try (SkillsFolder skills = skills()) {
            List<String> all = skills.list(new ListRequest(null, null, 1000)).items().stream()
                    .map(Resource::uri)
                    .toList();
            assertThat(all)
                    .allMatch(u -> u.startsWith("skill://pdf-forms") || u.startsWith("skill://Bad_Name"))
                    .noneMatch(u -> u.contains("loose") || u.contains("no-manifest"));
            assertThat(skills.metadata(ResourceRequest.of(URI.create("skill://loose.txt"))))
                    .isEmpty();
            assertThat(skills.metadata(ResourceRequest.of(URI.create("skill://pdf-forms/../loose.txt"))))
                    .isEmpty();
            assertThatThrownBy(() -> skills.read(
                            ReadRequest.of(URI.create("skill://no-manifest/notes.txt"), ReadOptions.DEFAULT)))
                    .isInstanceOf(ResourceNotFoundException.class);
        }
    }
}
