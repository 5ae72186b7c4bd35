package dev.reservoir.server.internal;

import dev.reservoir.core.model.Resource;
import dev.reservoir.server.bus.Change;
import dev.reservoir.server.spi.CallContext;
import dev.reservoir.server.spi.ListRequest;
import dev.reservoir.server.spi.Metadata;
import dev.reservoir.server.spi.Page;
import dev.reservoir.server.spi.ResourceProvider;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Names the state a change led to, the same way on every replica that watches the same storage:
 * a resource by its modification time and size, the list by a digest of every URI listed. A bus
 * for many replicas uses the name to hand one change, detected by every replica, to subscribers
 * once. Null when the state has no name: a resource without a modification time (its size alone
 * would name two different contents alike, and the second change would be lost), or a list too
 * long to digest at every change.
 */
final class ChangeVersions {

    private static final Logger log = LoggerFactory.getLogger(ChangeVersions.class);
    /** Beyond this many resources a list change is not digested (each replica would walk it all). */
    static final int MAX_LISTED = 10_000;

    private final Router router;

    ChangeVersions(Router router) {
        this.router = router;
    }

    String version(Change change) {
        try {
            // Not a pattern switch: a session's first requests make no class at run time
            // (LauncherIT.aSessionsRequestsMakeNoClassAtRunTime).
            return change instanceof Change.ResourceUpdated updated ? resource(updated.uri()) : list();
        } catch (RuntimeException e) {
            log.debug("Could not name the version of {}", change, e);
            return null;
        }
    }

    private String resource(String uri) {
        Optional<Resource> resource =
                router.resolve(uri).metadata(CallContext.NONE).map(Metadata::resource);
        if (resource.isEmpty()) {
            return "absent";
        }
        Resource r = resource.get();
        if (r.annotations().lastModified() == null) {
            return null;
        }
        return r.annotations().lastModified() + "/" + r.size();
    }

    private String list() {
        MessageDigest digest = sha256();
        int seen = 0;
        for (ResourceProvider provider : router.providers()) {
            String cursor = null;
            do {
                Page<Resource> page = provider.list(new ListRequest(null, cursor, 1000));
                for (Resource resource : page.items()) {
                    if (++seen > MAX_LISTED) {
                        return null;
                    }
                    digest.update(resource.uri().getBytes(StandardCharsets.UTF_8));
                    digest.update((byte) '\n');
                }
                cursor = page.nextCursor();
            } while (cursor != null);
        }
        return HexFormat.of().formatHex(digest.digest(), 0, 16);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
