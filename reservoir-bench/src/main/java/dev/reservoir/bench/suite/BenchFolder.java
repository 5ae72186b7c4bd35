package dev.reservoir.bench.suite;

import dev.reservoir.demo.BenchData;
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
        for (int i = 0; i < FILES; i++) {
            Path part = folder.resolve("text-" + i + ".txt.part");
            Files.writeString(part, BenchData.text(i, 0), StandardCharsets.US_ASCII);
            Files.move(part, folder.resolve("text-" + i + ".txt"), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.writeString(folder.resolve(MARKER), "");
    }
}
