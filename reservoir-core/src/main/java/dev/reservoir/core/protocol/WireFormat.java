package dev.reservoir.core.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonGeneratorImpl;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reservoir.core.jsonrpc.ErrorCodes;
import dev.reservoir.core.jsonrpc.JsonRpcCodec;
import dev.reservoir.core.jsonrpc.JsonRpcError;
import dev.reservoir.core.jsonrpc.JsonRpcNotification;
import dev.reservoir.core.jsonrpc.WireNames;
import dev.reservoir.core.model.Annotations;
import dev.reservoir.core.model.CacheHint;
import dev.reservoir.core.model.Icon;
import dev.reservoir.core.model.Implementation;
import dev.reservoir.core.model.Resource;
import dev.reservoir.core.model.ResourceTemplate;
import dev.reservoir.core.model.Role;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How model objects look on the wire for one protocol revision, with or without SEP-2093. This is
 * the one place that decides which fields a revision has, which error code means "not found", and
 * what every result carries in the stateless era. Immutable and thread-safe.
 *
 * <p>SEP-2093 comes in two forms a client opts into separately (both may be on): the seed form
 * marks collections with {@code isCollection}; the current draft form gives every resource
 * {@code capabilities {list, subscribe}}. Either one turns on the rest of the SEP (metadata on
 * reads, collection reads, {@code resources/list {uri}}).
 *
 * @param revision the revision spoken with the peer
 * @param seedForm whether the peer opted into the seed form of SEP-2093 ({@link Sep2093#EXTENSION_ID})
 * @param draftForm whether the peer opted into the draft form ({@link Sep2093#CAPABILITIES_EXTENSION_ID})
 */
public record WireFormat(ProtocolRevision revision, boolean seedForm, boolean draftForm) {

    public WireFormat {
        Objects.requireNonNull(revision, "revision");
    }

    /**
     * The record's equality, written out: a record's own is made at run time when first called
     * (by {@code ObjectMethods}), and a change told to subscribers looks formats up by it
     * (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof WireFormat w
                && w.revision == revision
                && w.seedForm == seedForm
                && w.draftForm == draftForm;
    }

    @Override
    public int hashCode() {
        return (revision.hashCode() * 31 + Boolean.hashCode(seedForm)) * 31 + Boolean.hashCode(draftForm);
    }

    /** The seed form of SEP-2093 when {@code sep2093}, else plain MCP. */
    public WireFormat(ProtocolRevision revision, boolean sep2093) {
        this(revision, sep2093, false);
    }

    public static WireFormat of(ProtocolRevision revision) {
        return canonical(revision, false, false);
    }

    /**
     * The format a client's capabilities ask for: each SEP-2093 form is on when its identifier is
     * declared under {@code extensions} (2026-07-28) or {@code experimental} (any revision).
     */
    public static WireFormat forClient(ProtocolRevision revision, JsonNode clientCapabilities) {
        return canonical(
                revision,
                Sep2093.declares(clientCapabilities, Sep2093.EXTENSION_ID),
                Sep2093.declares(clientCapabilities, Sep2093.CAPABILITIES_EXTENSION_ID));
    }

    /** Every format there is, made once: see {@link #canonical}. */
    private static final WireFormat[] FORMATS = every();

    private static WireFormat[] every() {
        ProtocolRevision[] revisions = ProtocolRevision.values();
        WireFormat[] all = new WireFormat[revisions.length * 4];
        for (ProtocolRevision revision : revisions) {
            for (int forms = 0; forms < 4; forms++) {
                boolean seed = (forms & 2) != 0;
                boolean draft = (forms & 1) != 0;
                all[index(revision, seed, draft)] = new WireFormat(revision, seed, draft);
            }
        }
        return all;
    }

    /**
     * The one instance of a format that {@link #of}, {@link #forClient} and {@link #forMetadata}
     * give out (equal formats made with {@code new} are still equal). Ten thousand sessions then
     * share a few objects: a change sent to each session's format looks its notification up by the
     * session's format, and a format of its own per session was one more object out of cache per
     * session.
     */
    private static WireFormat canonical(ProtocolRevision revision, boolean seedForm, boolean draftForm) {
        return FORMATS[index(revision, seedForm, draftForm)];
    }

    /** Whether SEP-2093 is on in either form: metadata on reads, collection semantics. */
    public boolean sep2093() {
        return seedForm || draftForm;
    }

    /**
     * The format of a {@code resources/metadata} answer. That method is itself SEP-2093, so its
     * answer always has the SEP's fields: in the draft form when the client chose it, else in the
     * seed form.
     */
    public WireFormat forMetadata() {
        return canonical(revision, seedForm || !draftForm, draftForm);
    }

    /**
     * The items a read of {@code uri} answers with, of those a provider returned. With SEP-2093 a
     * resource that is not a collection has only its own contents, so items with other URIs are
     * dropped; otherwise (and for collections) every item is kept.
     *
     * @param resource the metadata of an item
     */
    public <T> List<T> ownContents(String uri, List<T> items, Function<T, Resource> resource) {
        if (!sep2093()) {
            return items;
        }
        // Loops, not streams: this runs at every read (a stream's pipeline was 2% of a small read).
        boolean leaf = false;
        boolean allOwn = true;
        for (T item : items) {
            Resource r = resource.apply(item);
            boolean own = r.uri().equals(uri);
            leaf |= own && Boolean.FALSE.equals(r.isCollection());
            allOwn &= own;
        }
        if (!leaf || allOwn) {
            return items;
        }
        List<T> own = new ArrayList<>();
        for (T item : items) {
            if (resource.apply(item).uri().equals(uri)) {
                own.add(item);
            }
        }
        return List.copyOf(own);
    }

    /** Writes a Resource object as {@code resources/list} carries it. */
    public void writeResource(JsonGenerator g, Resource r) throws IOException {
        g.writeStartObject();
        writeResourceFields(g, r);
        g.writeEndObject();
    }

    /** Writes the fields of a Resource into the object being written. */
    public void writeResourceFields(JsonGenerator g, Resource r) throws IOException {
        // Names written as encoded once (WireNames): a listing writes them for every resource.
        g.writeFieldName(WireNames.URI);
        g.writeString(r.uri());
        g.writeFieldName(WireNames.NAME);
        g.writeString(r.name());
        if (revision.hasTitles() && r.title() != null) {
            g.writeFieldName(WireNames.TITLE);
            g.writeString(r.title());
        }
        if (r.description() != null) {
            g.writeFieldName(WireNames.DESCRIPTION);
            g.writeString(r.description());
        }
        if (r.mimeType() != null) {
            g.writeFieldName(WireNames.MIME_TYPE);
            g.writeString(r.mimeType());
        }
        if (r.size() != null) {
            g.writeFieldName(WireNames.SIZE);
            g.writeNumber(r.size());
        }
        writeIcons(g, r.icons());
        writeAnnotations(g, r.annotations());
        if (seedForm && r.isCollection() != null) {
            g.writeBooleanField("isCollection", r.isCollection());
        }
        if (draftForm) {
            writeResourceCapabilities(g, r);
        }
        writeMeta(g, r.meta());
    }

    /**
     * Writes the metadata fields of one item of {@code resources/read} contents; the caller then
     * writes {@code text} or {@code blob} and closes the object. Without SEP-2093 an item has only
     * uri, mimeType and _meta; with it, every Resource field, and as {@code size} the size of this
     * representation ({@code bodySize}) when the resource states none.
     */
    public void writeContentsHeader(JsonGenerator g, Resource r, OptionalLong bodySize) throws IOException {
        if (sep2093()) {
            boolean sizeOfBody = r.size() == null && bodySize.isPresent();
            writeResourceFields(
                    g, sizeOfBody ? r.toBuilder().size(bodySize.getAsLong()).build() : r);
            return;
        }
        g.writeFieldName(WireNames.URI);
        g.writeString(r.uri());
        if (r.mimeType() != null) {
            g.writeFieldName(WireNames.MIME_TYPE);
            g.writeString(r.mimeType());
        }
        writeMeta(g, r.meta());
    }

    /** Writes a ResourceTemplate object. */
    public void writeTemplate(JsonGenerator g, ResourceTemplate t) throws IOException {
        g.writeStartObject();
        g.writeStringField("uriTemplate", t.uriTemplate());
        g.writeStringField("name", t.name());
        if (revision.hasTitles() && t.title() != null) {
            g.writeStringField("title", t.title());
        }
        if (t.description() != null) {
            g.writeStringField("description", t.description());
        }
        if (t.mimeType() != null) {
            g.writeStringField("mimeType", t.mimeType());
        }
        writeIcons(g, t.icons());
        writeAnnotations(g, t.annotations());
        writeMeta(g, t.meta());
        g.writeEndObject();
    }

    /** Writes an Implementation object (serverInfo). */
    public void writeImplementation(JsonGenerator g, Implementation info) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", info.name());
        g.writeStringField("version", info.version());
        if (revision.hasTitles() && info.title() != null) {
            g.writeStringField("title", info.title());
        }
        g.writeEndObject();
    }

    /**
     * Writes the fields the revision puts on every result, as the last fields of the result
     * object: {@code resultType}, the cache hint when given, and {@code _meta.serverInfo}.
     *
     * @param cache the cache hint for a cacheable result, or null for other results
     * @param meta extra {@code _meta} entries for the result, or null
     */
    public void writeResultTail(JsonGenerator g, CacheHint cache, Implementation serverInfo, ObjectNode meta)
            throws IOException {
        if (!revision.hasResultType()) {
            writeMeta(g, meta);
            return;
        }
        g.writeStringField("resultType", "complete");
        if (cache != null && revision.hasCacheHints()) {
            g.writeNumberField("ttlMs", cache.ttl().toMillis());
            g.writeStringField("cacheScope", cache.scope().wire());
        }
        if (serverInfo != null && meta == null && plainJson(g)) {
            g.writeRaw(serverInfoMeta(serverInfo));
            return;
        }
        if (serverInfo != null || meta != null) {
            g.writeObjectFieldStart("_meta");
            if (meta != null) {
                for (var field : meta.properties()) {
                    g.writeFieldName(field.getKey());
                    g.writeTree(field.getValue());
                }
            }
            if (serverInfo != null) {
                g.writeFieldName(MetaKeys.SERVER_INFO);
                writeImplementation(g, serverInfo);
            }
            g.writeEndObject();
        }
    }

    /**
     * Whether {@code g} writes compact JSON text with the standard escapes, as
     * {@link #serverInfoMeta}'s bytes were written: then they may be copied in as they are.
     */
    private static boolean plainJson(JsonGenerator g) {
        return g instanceof JsonGeneratorImpl
                && g.getPrettyPrinter() == null
                && g.getCharacterEscapes() == null
                && g.getHighestEscapedChar() == 0;
    }

    /**
     * The result tail's {@code _meta} when it holds only {@code serverInfo}, as every answer of
     * this era has it: {@code ,"_meta":{"io.modelcontextprotocol/serverInfo":{...}}}, the comma
     * included ({@code resultType} always comes before it). The same bytes for every answer of a
     * server, so they are written once for each format and kept. The whole tail took 0.31 us
     * written field by field and 0.10 us with these bytes, of a 2026-07-28 read whose own path
     * is 5.5-7.4 us in memory (JMH, reservoir-bench/PROFILE.md, forty-fifth pass). One server's bytes
     * are kept for each format at a time: several servers in one process, each with its own
     * name, only write them again.
     */
    private SerializableString serverInfoMeta(Implementation serverInfo) {
        int at = canonicalIndex();
        ServerInfoMeta kept = SERVER_INFO_META.get(at);
        if (kept != null && (kept.info == serverInfo || kept.info.equals(serverInfo))) {
            return kept.bytes;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator fresh = JsonRpcCodec.standard().generator(out)) {
            fresh.writeStartObject();
            fresh.writeFieldName(MetaKeys.SERVER_INFO);
            writeImplementation(fresh, serverInfo);
            fresh.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String inner = out.toString(StandardCharsets.UTF_8);
        SerializableString bytes = new SerializedString(",\"_meta\":" + inner);
        SERVER_INFO_META.set(at, new ServerInfoMeta(serverInfo, bytes));
        return bytes;
    }

    private record ServerInfoMeta(Implementation info, SerializableString bytes) {}

    /** {@link #serverInfoMeta}'s bytes, by {@link #canonicalIndex}. */
    private static final AtomicReferenceArray<ServerInfoMeta> SERVER_INFO_META =
            new AtomicReferenceArray<>(ProtocolRevision.values().length * 4);

    /** Where this format sits in {@link #FORMATS}. */
    private int canonicalIndex() {
        return index(revision, seedForm, draftForm);
    }

    private static int index(ProtocolRevision revision, boolean seedForm, boolean draftForm) {
        return revision.ordinal() * 4 + (seedForm ? 2 : 0) + (draftForm ? 1 : 0);
    }

    /**
     * {@code notifications/resources/updated} for a resource: with its {@code title} in the
     * revisions whose pages show one (looked up only then; null: none).
     */
    public JsonRpcNotification updatedNotification(String uri, Supplier<String> title) {
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("uri", uri);
        if (revision.hasTitleInUpdatedNotification()) {
            String t = title.get();
            if (t != null) {
                params.put("title", t);
            }
        }
        return new JsonRpcNotification(McpMethods.NOTIFICATION_RESOURCE_UPDATED, params);
    }

    /** The error for a resource that does not exist: -32002 up to 2025-11-25, -32602 from 2026-07-28 or with SEP-2093. */
    public JsonRpcError resourceNotFound(String uri) {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("uri", uri);
        int code = sep2093() ? ErrorCodes.INVALID_PARAMS : revision.resourceNotFoundCode();
        return new JsonRpcError(code, "Resource not found", data);
    }

    /**
     * The draft form's per-resource capabilities: {@code list} on a collection (it answers
     * {@code resources/list {uri}}); {@code subscribe} on every resource, because the server
     * accepts {@code resources/subscribe} for any resource that exists, collections included.
     */
    private void writeResourceCapabilities(JsonGenerator g, Resource r) throws IOException {
        g.writeObjectFieldStart("capabilities");
        if (r.collection()) {
            g.writeBooleanField("list", true);
        }
        g.writeBooleanField("subscribe", true);
        g.writeEndObject();
    }

    private void writeIcons(JsonGenerator g, List<Icon> icons) throws IOException {
        if (!revision.hasIcons() || icons.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("icons");
        for (Icon icon : icons) {
            g.writeStartObject();
            g.writeStringField("src", icon.src());
            if (icon.mimeType() != null) {
                g.writeStringField("mimeType", icon.mimeType());
            }
            if (!icon.sizes().isEmpty()) {
                g.writeArrayFieldStart("sizes");
                for (String size : icon.sizes()) {
                    g.writeString(size);
                }
                g.writeEndArray();
            }
            if (icon.theme() != null) {
                g.writeStringField("theme", icon.theme());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void writeAnnotations(JsonGenerator g, Annotations a) throws IOException {
        boolean lastModified = revision.hasLastModified() && a.lastModified() != null;
        if (a.audience().isEmpty() && a.priority() == null && !lastModified) {
            return;
        }
        g.writeObjectFieldStart("annotations");
        if (!a.audience().isEmpty()) {
            g.writeArrayFieldStart("audience");
            for (Role role : a.audience()) {
                g.writeString(role.wire());
            }
            g.writeEndArray();
        }
        if (a.priority() != null) {
            g.writeNumberField("priority", a.priority());
        }
        if (lastModified) {
            g.writeStringField("lastModified", a.lastModified().toString());
        }
        g.writeEndObject();
    }

    private void writeMeta(JsonGenerator g, ObjectNode meta) throws IOException {
        if (meta != null && revision.hasMetaOnModel()) {
            g.writeFieldName("_meta");
            g.writeTree(meta);
        }
    }
}
