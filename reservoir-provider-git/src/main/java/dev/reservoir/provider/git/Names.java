package dev.reservoir.provider.git;

import java.io.ByteArrayOutputStream;
import java.util.List;

/** The names of paths and refs: what a single name may hold, and joining names with '/'. */
final class Names {

    private Names() {}

    /**
     * Not null, not empty, not "." or "..", and without '/' or NUL: any name a git tree can hold
     * (git itself refuses the others), so that nothing can step out of a tree or end a string early.
     */
    static boolean isSafe(byte[] name) {
        if (name == null || name.length == 0) {
            return false;
        }
        if (name.length <= 2 && name[0] == '.' && (name.length == 1 || name[1] == '.')) {
            return false;
        }
        for (byte b : name) {
            if (b == '/' || b == 0) {
                return false;
            }
        }
        return true;
    }

    /** The names joined by '/'. */
    static byte[] join(List<byte[]> names) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                out.write('/');
            }
            out.write(names.get(i), 0, names.get(i).length);
        }
        return out.toByteArray();
    }

    /** The last name of a path (the whole path when it has no '/'). */
    static byte[] last(byte[] path) {
        int slash = lastSlash(path);
        return java.util.Arrays.copyOfRange(path, slash + 1, path.length);
    }

    private static int lastSlash(byte[] path) {
        for (int i = path.length - 1; i >= 0; i--) {
            if (path[i] == '/') {
                return i;
            }
        }
        return -1;
    }
}
