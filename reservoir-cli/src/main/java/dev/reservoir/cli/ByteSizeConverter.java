package dev.reservoir.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads sizes as bytes: "1048576", "512KiB", "64MiB", "1GiB" (also KB, MB, GB as powers of 1000). */
final class ByteSizeConverter implements ITypeConverter<Long> {

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgt]i?b?|b)?");

    @Override
    public Long convert(String value) {
        return parse(value);
    }

    static long parse(String value) {
        Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a size; use bytes or 512KiB, 64MiB, 1GiB");
        }
        long number = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2);
        long multiplier =
                switch (unit) {
                    case "b" -> 1L;
                    case "k", "kb" -> 1_000L;
                    case "ki", "kib" -> 1L << 10;
                    case "m", "mb" -> 1_000_000L;
                    case "mi", "mib" -> 1L << 20;
                    case "g", "gb" -> 1_000_000_000L;
                    case "gi", "gib" -> 1L << 30;
                    case "t", "tb" -> 1_000_000_000_000L;
                    case "ti", "tib" -> 1L << 40;
                    default -> throw new TypeConversionException("'" + value + "' has an unknown unit");
                };
        return Math.multiplyExact(number, multiplier);
    }
}
