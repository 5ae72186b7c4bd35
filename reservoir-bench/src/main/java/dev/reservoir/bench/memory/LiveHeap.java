package dev.reservoir.bench.memory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A JVM's live heap, read from outside with the {@code jcmd} of the JDK running this. */
public final class LiveHeap {

    private static final Pattern TOTAL = Pattern.compile("Total\\s+\\d+\\s+(\\d+)");
    private static final Pattern FILLER = Pattern.compile("\\d+\\s+(\\d+)\\s+\\[Ljdk\\.internal\\.vm\\.FillerElement;");

    private LiveHeap() {}

    /**
     * Bytes of live objects in process {@code pid} after a full collection: the class histogram's
     * total (taking the histogram collects first), less the filler arrays the collector leaves in
     * unused space.
     */
    public static long afterFullGc(long pid) throws Exception {
        String histogram = histogram(pid);
        Matcher total = TOTAL.matcher(histogram);
        if (!total.find()) {
            throw new IllegalStateException("no total in jcmd's class histogram: " + histogram);
        }
        long live = Long.parseLong(total.group(1));
        Matcher filler = FILLER.matcher(histogram);
        while (filler.find()) {
            live -= Long.parseLong(filler.group(1));
        }
        return live;
    }

    /** {@code jcmd PID GC.class_histogram}: the live objects by class, largest first, after a full collection. */
    public static String histogram(long pid) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }
}
