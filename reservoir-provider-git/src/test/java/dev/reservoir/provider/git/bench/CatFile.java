package dev.reservoir.provider.git.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The floor: one {@code git cat-file --batch} process answering "REV:PATH" lines one at a time. */
final class CatFile implements AutoCloseable {

    private final Process process;
    private final OutputStream in;
    private final InputStream out;

    CatFile(Path repo) throws IOException {
        this.process = new ProcessBuilder("git", "cat-file", "--batch")
                .directory(repo.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        this.in = process.getOutputStream();
        this.out = new BufferedInputStream(process.getInputStream(), 1 << 16);
    }

    /** Reads one object; returns its size. */
    long read(String object) throws IOException {
        in.write((object + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        StringBuilder header = new StringBuilder();
        for (int c; (c = out.read()) != '\n'; ) {
            if (c < 0) {
                throw new IOException("git cat-file ended");
            }
            header.append((char) c);
        }
        String[] parts = header.toString().split(" ");
        if (parts.length < 3) {
            throw new IOException("git cat-file: " + header);
        }
        long size = Long.parseLong(parts[2]);
        out.skipNBytes(size + 1);
        return size;
    }

    @Override
    public void close() throws IOException {
        in.close();
        process.destroy();
    }
}
