package dev.reservoir.bench.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The folder that read-folder's targets serve with the folder provider, as users serve theirs: ten
 * thousand files of 1 KiB ({@code text-0.txt} ...), the same bytes as the dataset's texts at
 * version 0. Written once into the temporary folder and kept for later runs (a marker written last
 * says it is complete).
 */
final class BenchFolder {

    static final int FILES = 10_000;

    private static final String MARKER = ".complete-" + FILES;

    private BenchFolder() {}

    /** Where the folder is (it may not exist yet: {@link #ensure}). */
    static Path location() {
        return Path.of(System.getProperty("java.io.tmpdir"), "reservoir-bench-folder")
                .toAbsolutePath();
    }

    /** The URI the folder provider gives file i. */
    static String uri(Path folder, int i) {
        return folder.toUri().toString().replaceFirst("/?$", "/") + "text-" + i + ".txt";
    }

    /** Writes the files unless a complete folder is there already. */
    static void ensure(Path folder) throws IOException {
        if (Files.exists(folder.resolve(MARKER))) {
            return;
        }
        Files.createDirectories(folder);
        byte[] filler = new byte[1024];
        for (int k = 0; k < filler.length; k++) {
            filler[k] = (byte) ('a' + k % 26);
        }
        for (int i = 0; i < FILES; i++) {
            byte[] text = filler.clone();
            byte[] prefix = ("bench text " + i + " v0 ").getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(prefix, 0, text, 0, prefix.length);
            Path part = folder.resolve("text-" + i + ".txt.part");
            Files.write(part, text);
            Files.move(part, folder.resolve("text-" + i + ".txt"), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.writeString(folder.resolve(MARKER), "");
    }
}
