package dev.reservoir.provider.fs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.reservoir.core.ResourceNotFoundException;
import dev.reservoir.core.model.Resource;
import dev.reservoir.server.spi.ContentBody;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ReadOptions;
import dev.reservoir.server.spi.ReadRequest;
import dev.reservoir.server.spi.ReadResult;
import dev.reservoir.server.spi.ResourceContent;
import dev.reservoir.server.spi.ResourceProvider;
import dev.reservoir.server.spi.ResourceRequest;
import dev.reservoir.server.spi.SkillCatalog;
import dev.reservoir.server.spi.UriPrefix;
import dev.reservoir.server.spi.UriSpace;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A folder of agent skills (subfolders holding a {@code SKILL.md} with YAML front matter) served as
 * the Skills extension (SEP-2640) defines: each file as {@code skill://<name>/<path>}, and the
 * catalog behind skills/list. Files are found and read through a {@link FileSystemProvider} on the
 * folder, so its rules (nothing outside the folder, links only inside it, hidden and ignored files
 * left out) hold here too. Thread-safe.
 */
public final class SkillsFolder implements ResourceProvider, SkillCatalog {

    private static final Logger log = LoggerFactory.getLogger(SkillsFolder.class);
    private static final String SCHEME = "skill://";
    private static final String MANIFEST = "SKILL.md";
    /** The Agent Skills naming rules: 1-64 of a-z, 0-9 and single inner hyphens. */
    private static final Pattern NAME = Pattern.compile("^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$");

    private static final Pattern FRONT_MATTER =
            Pattern.compile("^\\uFEFF?---\\r?\\n([\\s\\S]*?)\\r?\\n---[ \\t]*(?:\\r?\\n|$)");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final int MAX_FILES_PER_SKILL = 512;

    private final FileSystemProvider files;
    private final String base;

    private SkillsFolder(FileSystemProvider files) {
        this.files = files;
        String root = files.rootUris().getFirst().toString();
        this.base = root.endsWith("/") ? root : root + "/";
    }

    /** Serves the skills in this folder; throws IllegalArgumentException when it is not a folder. */
    public static SkillsFolder create(Path folder) {
        return new SkillsFolder(FileSystemProvider.create(folder));
    }

    // --- URIs: skill://<path> is <folder>/<path>; a folder may be named with or without its final "/".

    private URI toFile(String uri) {
        if (!uri.startsWith(SCHEME)) {
            throw new ResourceNotFoundException(uri);
        }
        String file = base + uri.substring(SCHEME.length());
        if (!file.endsWith("/") && fileMetadata(URI.create(file)).isEmpty()) {
            URI folder = URI.create(file + "/");
            if (fileMetadata(folder).map(Resource::collection).orElse(false)) {
                return folder;
            }
        }
        return URI.create(file);
    }

    private String toSkill(String fileUri) {
        return fileUri.startsWith(base) ? SCHEME + fileUri.substring(base.length()) : null;
    }

    /** The resource as this provider names it; SKILL.md takes its name and description from its front matter. */
    private Resource mapped(Resource r) {
        Resource.Builder b = r.toBuilder().uri(toSkill(r.uri()));
        if (r.uri().endsWith("/" + MANIFEST)) {
            b.mimeType("text/markdown");
            frontMatter(URI.create(r.uri())).ifPresent(fm -> {
                b.name(fm.path("name").asText(r.name()));
                if (fm.path("description").isTextual()) {
                    b.description(fm.path("description").asText());
                }
            });
        }
        return b.build();
    }

    /** Only what lies inside a skill's folder is served (not loose files beside the skills). */
    private boolean inSkill(Resource fileResource) {
        String rest = fileResource.uri().substring(base.length());
        int slash = rest.indexOf('/');
        String skill = slash < 0 ? rest : rest.substring(0, slash);
        return !skill.isEmpty()
                && fileMetadata(URI.create(base + skill + "/" + MANIFEST)).isPresent();
    }

    /** The folder provider's description of one of its files. */
    private Optional<Resource> fileMetadata(URI file) {
        return files.metadata(ResourceRequest.of(file)).map(Metadata::resource);
    }

    private boolean owns(URI uri) {
        return uri.toString().startsWith(SCHEME);
    }

    @Override
    public UriSpace space() {
        return UriSpace.of(UriPrefix.scheme("skill"));
    }

    @Override
    public void start() {
        files.start();
    }

    @Override
    public void close() {
        files.close();
    }

    @Override
    public Page<Resource> list(ListRequest request) {
        URI parent = request.parent() == null ? null : toFile(request.parent().toString());
        Page<Resource> page = files.list(new ListRequest(parent, request.cursor(), request.limit()));
        List<Resource> out = page.items().stream()
                .filter(r -> r.uri().startsWith(base) && inSkill(r))
                .map(this::mapped)
                .toList();
        return new Page<>(out, page.nextCursor(), page.cacheHint());
    }

    @Override
    public Optional<Metadata> metadata(ResourceRequest request) {
        return resource(request.uri()).map(Metadata::of);
    }

    private Optional<Resource> resource(URI uri) {
        if (!owns(uri)) {
            return Optional.empty();
        }
        return fileMetadata(toFile(uri.toString())).filter(this::inSkill).map(this::mapped);
    }

    @Override
    public ReadResult read(ReadRequest request) {
        URI uri = request.uri();
        ReadOptions options = request.options();
        Resource resource = resource(uri).orElseThrow(() -> new ResourceNotFoundException(uri.toString()));
        URI file = toFile(uri.toString());
        if (resource.collection()) {
            // A folder reads as the list of its children's skill:// URIs (never the file:// ones).
            StringBuilder list = new StringBuilder();
            String cursor = null;
            do {
                Page<Resource> page = files.list(new ListRequest(file, cursor, 500));
                page.items().forEach(r -> list.append(toSkill(r.uri())).append("\r\n"));
                cursor = page.nextCursor();
            } while (cursor != null);
            return ReadResult.of(
                    resource.toBuilder().mimeType("text/uri-list").build(), ContentBody.text(list.toString()));
        }
        List<ResourceContent> contents = new ArrayList<>();
        ReadResult read = files.read(new ReadRequest(file, null, options, request.context()));
        for (ResourceContent content : read.contents()) {
            contents.add(new ResourceContent(
                    resource.toBuilder()
                            .mimeType(
                                    resource.mimeType() != null
                                            ? resource.mimeType()
                                            : content.resource().mimeType())
                            .build(),
                    content.body()));
        }
        return ReadResult.of(contents).holding(read); // the file's read holds what its streams need
    }

    // --- The catalog.

    @Override
    public List<Skill> skills() {
        List<Skill> skills = new ArrayList<>();
        for (Resource folder : all(URI.create(base))) {
            String name = folder.uri().substring(base.length()).replaceAll("/$", "");
            URI manifest = URI.create(base + name + "/" + MANIFEST);
            if (!folder.collection() || fileMetadata(manifest).isEmpty()) {
                continue;
            }
            Optional<ObjectNode> frontMatter = frontMatter(manifest);
            if (frontMatter.isEmpty()
                    || !name.equals(frontMatter.get().path("name").asText(null))
                    || !NAME.matcher(name).matches()
                    || !frontMatter.get().path("description").isTextual()) {
                log.warn(
                        "Skipped the skill folder {}: its SKILL.md needs front matter with a name equal to the"
                                + " folder's name (a-z, 0-9, inner hyphens) and a description",
                        name);
                continue;
            }
            List<SkillFile> manifestFiles = new ArrayList<>();
            collect(URI.create(base + name + "/"), manifestFiles);
            skills.add(new Skill(SCHEME + name + "/" + MANIFEST, frontMatter.get(), manifestFiles));
        }
        return skills;
    }

    private void collect(URI folder, List<SkillFile> into) {
        for (Resource r : all(folder)) {
            if (into.size() >= MAX_FILES_PER_SKILL) {
                return;
            }
            if (r.collection()) {
                collect(URI.create(r.uri()), into);
            } else {
                into.add(digest(r));
            }
        }
    }

    private List<Resource> all(URI folder) {
        List<Resource> out = new ArrayList<>();
        String cursor = null;
        do {
            Page<Resource> page = files.list(new ListRequest(folder, cursor, 500));
            out.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);
        return out;
    }

    /** sha256 and size of the bytes a client reads (text arrives as UTF-8, as resources/read sends it). */
    private SkillFile digest(Resource r) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            long size = 0;
            try (ReadResult read = files.read(ReadRequest.of(URI.create(r.uri()), ReadOptions.DEFAULT));
                    InputStream in = read.contents().getFirst().body().openStream()) {
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    sha.update(buffer, 0, n);
                    size += n;
                }
            }
            return new SkillFile(toSkill(r.uri()), "sha256:" + HexFormat.of().formatHex(sha.digest()), size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Optional<ObjectNode> frontMatter(URI manifest) {
        try {
            java.io.StringWriter text = new java.io.StringWriter();
            try (ReadResult read = files.read(ReadRequest.of(manifest, ReadOptions.DEFAULT));
                    Reader in = read.contents().getFirst().body().openReader()) {
                in.transferTo(text);
            }
            return parse(text.toString());
        } catch (IOException | RuntimeException e) {
            log.warn("Cannot read the front matter of {}: {}", manifest, e.toString());
            return Optional.empty();
        }
    }

    static Optional<ObjectNode> parse(String text) throws IOException {
        Matcher m = FRONT_MATTER.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        JsonNode tree = YAML.readTree(m.group(1));
        return tree instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
    }
}
