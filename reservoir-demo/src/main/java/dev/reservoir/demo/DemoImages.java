package dev.reservoir.demo;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;

/**
 * A 16x16 PNG, encoded here from its pixels. (ImageIO would do it too, but loading AWT costs
 * the server a good part of its start-up time.)
 */
final class DemoImages {

    private static final byte[] PNG = draw();

    private DemoImages() {}

    static byte[] png() {
        return PNG.clone();
    }

    private static byte[] draw() {
        int size = 16;
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int y = 0; y < size; y++) {
            raw.write(0); // filter: none
            for (int x = 0; x < size; x++) {
                boolean water = y > 6 + (int) Math.round(2 * Math.sin(x / 2.5));
                raw.writeBytes(water ? new byte[] {30, 110, (byte) 200, (byte) 255} : new byte[] {0, 0, 0, 0});
            }
        }
        try {
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            DataOutputStream h = new DataOutputStream(header);
            h.writeInt(size);
            h.writeInt(size);
            h.writeByte(8); // bit depth
            h.writeByte(6); // RGBA
            h.writeByte(0);
            h.writeByte(0);
            h.writeByte(0);
            chunk(png, "IHDR", header.toByteArray());
            ByteArrayOutputStream compressed = new ByteArrayOutputStream();
            try (DeflaterOutputStream z = new DeflaterOutputStream(compressed)) {
                z.write(raw.toByteArray());
            }
            chunk(png, "IDAT", compressed.toByteArray());
            chunk(png, "IEND", new byte[0]);
            return png.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
        DataOutputStream d = new DataOutputStream(out);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        d.writeInt(data.length);
        d.write(name);
        d.write(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        d.writeInt((int) crc.getValue());
    }
}
