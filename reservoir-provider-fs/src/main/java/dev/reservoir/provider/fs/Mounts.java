package dev.reservoir.provider.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells the mount points of pseudo file systems (proc, sysfs, devtmpfs, cgroup...), which are
 * never entered below a root: their files announce sizes they do not have and change as they are
 * read, {@code /proc} alone holds tens of thousands of entries per machine and links that lead
 * back up, and nothing in them is a document. A folder is a mount point when its device differs
 * from its parent's; the file system type is looked up once per device. Thread-safe.
 */
final class Mounts {

    /** Unknown device (no {@code unix} attribute view here): no folder counts as a mount point. */
    static final long UNKNOWN = -1;

    private static final Set<String> PSEUDO = Set.of(
            "proc",
            "sysfs",
            "devtmpfs",
            "devpts",
            "cgroup",
            "cgroup2",
            "debugfs",
            "tracefs",
            "securityfs",
            "pstore",
            "bpf",
            "configfs",
            "fusectl",
            "mqueue",
            "hugetlbfs",
            "binfmt_misc",
            "autofs",
            "efivarfs",
            "selinuxfs",
            "rpc_pipefs",
            "nsfs",
            "nfsd");

    /** How many folders' devices {@link #device(Path, BasicFileAttributes)} keeps at most. */
    private static final int MAX_KNOWN_DEVICES = 4096;

    private final Map<Long, String> typeByDevice = new ConcurrentHashMap<>();

    /**
     * Folders' devices by file key. On Unix a file key is the pair (st_dev, st_ino), so a key
     * names one device for good and an entry can never be stale; it saves a stat (and the map of
     * attributes the unix view makes) for every folder on the way to every entry read.
     */
    private final Map<Object, Long> deviceByKey = new ConcurrentHashMap<>();

    /** The device of a folder ({@code st_dev}, the link itself if it is one), or {@link #UNKNOWN}. */
    static long device(Path path) {
        try {
            return ((Number) Files.getAttribute(path, "unix:dev", LinkOption.NOFOLLOW_LINKS)).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return UNKNOWN;
        }
    }

    /**
     * The device of the folder at {@code path} whose attributes (read through an open folder) are
     * {@code attrs}, known by its file key when it was asked before. A device is kept only when
     * the path still had that file key when its device was read (it may have been replaced since
     * {@code attrs} were read).
     */
    long device(Path path, BasicFileAttributes attrs) {
        Object key = attrs.fileKey();
        if (key != null) {
            Long known = deviceByKey.get(key);
            if (known != null) {
                return known;
            }
        }
        Map<String, Object> read;
        try {
            read = Files.readAttributes(path, "unix:dev,fileKey", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return UNKNOWN;
        }
        if (!(read.get("dev") instanceof Number dev)) {
            return UNKNOWN;
        }
        if (key != null && key.equals(read.get("fileKey"))) {
            if (deviceByKey.size() >= MAX_KNOWN_DEVICES) {
                deviceByKey.clear(); // a crude bound, but it keeps memory flat on huge trees
            }
            deviceByKey.put(key, dev.longValue());
        }
        return dev.longValue();
    }

    /**
     * The type of the pseudo file system mounted at {@code folder}, or null when it is none (or
     * is not a mount point: {@code device} equals {@code parentDevice}).
     */
    String pseudoType(Path folder, long device, long parentDevice) {
        if (device == UNKNOWN || parentDevice == UNKNOWN || device == parentDevice) {
            return null;
        }
        String type = typeByDevice.computeIfAbsent(device, d -> type(folder));
        return PSEUDO.contains(type) ? type : null;
    }

    private static String type(Path folder) {
        try {
            return Files.getFileStore(folder).type().toLowerCase(Locale.ROOT);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
