package dev.reservoir.server.internal;

import dev.reservoir.core.McpException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.locks.ReentrantLock;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Makes pagination cursors opaque and tamper-proof: the position (which listing, which provider,
 * the provider's own cursor) is signed with HMAC-SHA256 under the server's key, so a client can
 * neither forge a cursor nor use one from another listing. Thread-safe.
 */
final class Cursors {

    /** Which listing a cursor belongs to. */
    enum Kind {
        RESOURCES,
        TEMPLATES
    }

    /**
     * A decoded position.
     *
     * @param scope the collection URI for a children listing, or "" for the whole list
     * @param slot the provider index (or the template index for templates)
     * @param providerCursor the provider's cursor, or null to start that provider from its beginning
     */
    record Position(Kind kind, String scope, int slot, String providerCursor) {}

    private static final byte VERSION = 1;
    private static final int MAC_BYTES = 16;
    private static final int MAX_CURSOR_CHARS = 16_384;

    /** The key: the one given, else a random one made on first use. */
    private volatile SecretKeySpec key;

    private final ReentrantLock keyLock = new ReentrantLock();

    /**
     * @param key the key to sign with (the same on every replica, so a cursor from one works on
     *     another), or null for a random one of this server's own. That one is made when the first
     *     cursor is: starting {@code SecureRandom} (the JDK's security providers) costs about 10 ms,
     *     which a server would otherwise spend before its first answer, and most listings fit one
     *     page.
     */
    Cursors(byte[] key) {
        this.key = key == null ? null : new SecretKeySpec(key.clone(), "HmacSHA256");
    }

    String encode(Position position) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeByte(position.kind().ordinal());
            out.writeUTF(position.scope());
            out.writeInt(position.slot());
            out.writeBoolean(position.providerCursor() != null);
            if (position.providerCursor() != null) {
                out.writeUTF(position.providerCursor());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] payload = bytes.toByteArray();
        byte[] signed = Arrays.copyOf(payload, payload.length + MAC_BYTES);
        System.arraycopy(mac(payload), 0, signed, payload.length, MAC_BYTES);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(signed);
    }

    /** Decodes a cursor a client sent; throws -32602 when it is not one this server made for this listing. */
    Position decode(String cursor, Kind kind, String scope) {
        if (cursor.length() > MAX_CURSOR_CHARS) {
            throw invalid();
        }
        byte[] signed;
        try {
            signed = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (signed.length <= MAC_BYTES) {
            throw invalid();
        }
        byte[] payload = Arrays.copyOf(signed, signed.length - MAC_BYTES);
        byte[] expected = Arrays.copyOf(mac(payload), MAC_BYTES);
        byte[] actual = Arrays.copyOfRange(signed, payload.length, signed.length);
        if (!MessageDigest.isEqual(expected, actual)) {
            throw invalid();
        }
        Position position;
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
            if (in.readByte() != VERSION) {
                throw invalid();
            }
            Kind k = Kind.values()[in.readByte()];
            String s = in.readUTF();
            int slot = in.readInt();
            String providerCursor = in.readBoolean() ? in.readUTF() : null;
            position = new Position(k, s, slot, providerCursor);
        } catch (IOException | RuntimeException e) {
            throw invalid();
        }
        if (position.kind() != kind || !position.scope().equals(scope) || position.slot() < 0) {
            throw McpException.invalidParams("Invalid params: the cursor belongs to another listing");
        }
        return position;
    }

    private byte[] mac(byte[] payload) {
        try {
            // A Mac per call: cheap next to a listing, and safe on any thread.
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key());
            return mac.doFinal(payload);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private SecretKeySpec key() {
        SecretKeySpec k = key;
        if (k != null) {
            return k;
        }
        keyLock.lock();
        try {
            if (key == null) {
                byte[] random = new byte[32];
                new SecureRandom().nextBytes(random);
                key = new SecretKeySpec(random, "HmacSHA256");
            }
            return key;
        } finally {
            keyLock.unlock();
        }
    }

    private static McpException invalid() {
        return McpException.invalidParams(
                "Invalid params: the cursor is not valid (was it changed, or made by a server with another cursor key?)");
    }
}
