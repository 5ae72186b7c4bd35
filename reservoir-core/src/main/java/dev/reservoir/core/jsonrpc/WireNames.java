package dev.reservoir.core.jsonrpc;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * The field names (and the one fixed value) every answer writes, and the two every 2026-07-28
 * request's {@code _meta} is read with, encoded once: Jackson's generator
 * copies a {@link SerializableString}'s bytes as they are, where it checks a {@code String} name a
 * character at a time (a small read's envelope and contents item write seven names; their checks
 * were 3% of a stdio read's server time, 0.9% after; a listing writes four a resource, ten
 * thousand resources a page). The bytes written are the same either way.
 */
public final class WireNames {

    public static final SerializableString JSONRPC = new SerializedString("jsonrpc");
    public static final SerializableString VERSION_2_0 = new SerializedString("2.0");
    public static final SerializableString ID = new SerializedString("id");
    public static final SerializableString METHOD = new SerializedString("method");
    public static final SerializableString PARAMS = new SerializedString("params");
    public static final SerializableString RESULT = new SerializedString("result");
    public static final SerializableString ERROR = new SerializedString("error");
    public static final SerializableString CONTENTS = new SerializedString("contents");
    public static final SerializableString URI = new SerializedString("uri");
    public static final SerializableString MIME_TYPE = new SerializedString("mimeType");
    public static final SerializableString NAME = new SerializedString("name");
    public static final SerializableString TITLE = new SerializedString("title");
    public static final SerializableString DESCRIPTION = new SerializedString("description");
    public static final SerializableString SIZE = new SerializedString("size");
    public static final SerializableString TEXT = new SerializedString("text");
    public static final SerializableString BLOB = new SerializedString("blob");

    /**
     * The two names every 2026-07-28 request's {@code _meta} has, which the decoder offers Jackson
     * to compare as bytes ({@code EnvelopeParser}). They are {@code MetaKeys.PROTOCOL_VERSION} and
     * {@code CLIENT_CAPABILITIES}, spelled out: that package uses this one (EnvelopeParserTest checks
     * they are the same).
     */
    public static final SerializableString META_PROTOCOL_VERSION =
            new SerializedString("io.modelcontextprotocol/protocolVersion");

    public static final SerializableString META_CLIENT_CAPABILITIES =
            new SerializedString("io.modelcontextprotocol/clientCapabilities");

    private WireNames() {}
}
