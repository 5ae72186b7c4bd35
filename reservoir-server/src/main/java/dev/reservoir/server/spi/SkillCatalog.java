package dev.reservoir.server.spi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * Agent skills served as the Skills extension (SEP-2640) defines: each skill's {@code SKILL.md}
 * URI, its front matter and the manifest of its files. The files themselves are resources of a
 * provider the server also has. Thread-safe; may block.
 */
public interface SkillCatalog {

    /** Every skill, in a stable order. */
    List<Skill> skills();

    /**
     * One skill.
     *
     * @param uri the URI of its SKILL.md ({@code skill://<name>/SKILL.md})
     * @param frontmatter SKILL.md's YAML front matter as a JSON object (name and description at least)
     * @param resources every file of the skill, SKILL.md included, each once
     */
    record Skill(String uri, ObjectNode frontmatter, List<SkillFile> resources) {
        public Skill {
            Objects.requireNonNull(uri, "uri");
            Objects.requireNonNull(frontmatter, "frontmatter");
            resources = List.copyOf(resources);
        }
    }

    /** A file of a skill: its URI, {@code sha256:<hex>} of its bytes, and their count. */
    record SkillFile(String uri, String digest, long size) {}
}
