package dev.reservoir.server.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.McpException;
import dev.reservoir.core.jsonrpc.JsonWritable;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.SkillCatalog;
import java.io.IOException;
import java.util.List;

/** The Skills extension (SEP-2640): skills/list, skills/get and resources/directory/read. */
final class SkillMethods {

    /** The extension's identifier in capabilities. */
    static final String EXTENSION_ID = "io.modelcontextprotocol/skills";
    /** The MIME type of a directory child in resources/directory/read. */
    static final String DIRECTORY = "inode/directory";
    /** Cursor scope of skills/list (its cursors are never valid anywhere else). */
    private static final String SCOPE = "skills/list";

    private final ServerSettings settings;
    private final Cursors cursors;
    /** The skills served, or null when skills are off (then no skills method is in the table). */
    private final SkillCatalog skills;

    private final ResourceMethods resources;

    SkillMethods(ServerSettings settings, Cursors cursors, SkillCatalog skills, ResourceMethods resources) {
        this.settings = settings;
        this.cursors = cursors;
        this.skills = skills;
        this.resources = resources;
    }

    JsonWritable list(RequestContext ctx, ObjectNode params) {
        String cursor = Params.optionalString(params, "cursor");
        int from = cursor == null
                ? 0
                : cursors.decode(cursor, Cursors.Kind.TEMPLATES, SCOPE).slot();
        List<SkillCatalog.Skill> all = skills.skills();
        int to = Math.min(all.size(), from + settings.pageSize());
        List<SkillCatalog.Skill> page = from >= all.size() ? List.of() : all.subList(from, to);
        String next =
                to < all.size() ? cursors.encode(new Cursors.Position(Cursors.Kind.TEMPLATES, SCOPE, to, null)) : null;
        return ctx.result(settings.cacheHint(), g -> {
            g.writeArrayFieldStart("skills");
            for (SkillCatalog.Skill skill : page) {
                write(g, skill);
            }
            g.writeEndArray();
            if (next != null) {
                g.writeStringField("nextCursor", next);
            }
        });
    }

    JsonWritable get(RequestContext ctx, ObjectNode params) {
        String uri = Params.uri(params, "uri");
        SkillCatalog.Skill skill = skills.skills().stream()
                .filter(s -> s.uri().equals(uri))
                .findFirst()
                .orElseThrow(() -> McpException.invalidParams("Invalid params: no skill has the URI " + uri, uri));
        return ctx.result(settings.cacheHint(), g -> {
            g.writeFieldName("skill");
            write(g, skill);
        });
    }

    private static void write(JsonGenerator g, SkillCatalog.Skill skill) throws IOException {
        g.writeStartObject();
        g.writeStringField("uri", skill.uri());
        g.writeFieldName("frontmatter");
        g.writeTree(skill.frontmatter());
        g.writeArrayFieldStart("resources");
        for (SkillCatalog.SkillFile file : skill.resources()) {
            g.writeStartObject();
            g.writeStringField("uri", file.uri());
            g.writeStringField("digest", file.digest());
            g.writeNumberField("size", file.size());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** The direct children of a collection, folders among them typed inode/directory; -32602 for a non-directory. */
    JsonWritable directoryRead(RequestContext ctx, ObjectNode params) {
        String uri = Params.uri(params, "uri");
        String cursor = Params.optionalString(params, "cursor");
        Page<Resource> page = resources.listChildren(uri, cursor, resources.listBudget(), ProviderCalls.of(ctx));
        return ctx.result(page.cacheHint() != null ? page.cacheHint() : settings.cacheHint(), g -> {
            g.writeArrayFieldStart("resources");
            for (Resource child : page.items()) {
                ctx.wire()
                        .writeResource(
                                g,
                                child.collection()
                                        ? child.toBuilder().mimeType(DIRECTORY).build()
                                        : child);
            }
            g.writeEndArray();
            if (page.nextCursor() != null) {
                g.writeStringField("nextCursor", page.nextCursor());
            }
        });
    }
}
