package dev.reservoir.bus.redis;

import dev.reservoir.server.bus.Change;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The text of a change on the channel, and its id. A message is three lines: the replica that
 * published it, {@code U} or {@code L}, and the URI (empty for a list change). URIs hold no line
 * breaks (they are validated before they reach a subscription).
 */
final class ChangeCodec {

    private ChangeCodec() {}

    static String encode(String replicaId, Change change) {
        return switch (change) {
            case Change.ResourceUpdated updated -> replicaId + "\nU\n" + updated.uri();
            case Change.ListChanged ignored -> replicaId + "\nL\n";
        };
    }

    /** The change in a message, or null when the message is not one. */
    static Change decode(String message) {
        String[] parts = message.split("\n", 3);
        if (parts.length != 3) {
            return null;
        }
        return switch (parts[1]) {
            case "U" -> parts[2].isEmpty() ? null : new Change.ResourceUpdated(parts[2]);
            case "L" -> Change.LIST_CHANGED;
            default -> null;
        };
    }

    /** The id every replica gives the same change: a digest of what changed and the state it led to. */
    static String id(Change change, String version) {
        String what =
                switch (change) {
                    case Change.ResourceUpdated updated -> "U\n" + updated.uri();
                    case Change.ListChanged ignored -> "L\n";
                };
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((what + "\n" + version).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
