package dev.reservoir.bench.suite;

import java.nio.file.Path;
import java.util.List;

/**
 * A server the suite measures, and how to talk to it.
 *
 * @param name as printed in the table
 * @param command the command line; {@code {PORT}} stands for the port of an HTTP target
 * @param http false for stdio
 * @param stateless true to speak 2026-07-28 (per-request _meta, no session), else 2025-11-25 with initialize
 * @param dataset true if it serves the standard dataset (bench://text/{i}, blobs, touch)
 * @param floor true for a floor (a trivial responder, the baseline of read-hot)
 * @param folder the folder of {@link BenchFolder} a folder target serves (read-folder), else null
 */
record Target(
        String name,
        List<String> command,
        boolean http,
        boolean stateless,
        boolean dataset,
        boolean floor,
        Path folder) {

    Target(String name, List<String> command, boolean http, boolean stateless, boolean dataset, boolean floor) {
        this(name, command, http, stateless, dataset, floor, null);
    }

    /** The same target started by another command line. */
    Target withCommand(List<String> other) {
        return new Target(name, other, http, stateless, dataset, floor, folder);
    }

    String transport() {
        return http ? "http" : "stdio";
    }

    /** The URI read by read-hot for resource i. */
    String textUri(int i) {
        if (folder != null) {
            return BenchFolder.uri(folder, i);
        }
        return dataset || floor ? "bench://text/" + i : "demo://resource/dynamic/text/" + (1 + i % 100);
    }
}
