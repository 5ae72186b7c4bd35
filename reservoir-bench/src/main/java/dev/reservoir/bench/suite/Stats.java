package dev.reservoir.bench.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** Small statistics: percentiles of latencies, and the median and spread of repeated runs. */
final class Stats {

    private Stats() {}

    /** The p-th percentile (0..100) of sorted values. */
    static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    static long[] sorted(List<Long> values) {
        long[] a = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(a);
        return a;
    }

    /** The median of repeated figures, with their minimum and maximum. */
    record Spread(double median, double min, double max, int runs) {
        static Spread of(List<Double> values) {
            List<Double> v = new ArrayList<>(values);
            Collections.sort(v);
            double median =
                    v.size() % 2 == 1 ? v.get(v.size() / 2) : (v.get(v.size() / 2 - 1) + v.get(v.size() / 2)) / 2;
            return new Spread(median, v.getFirst(), v.getLast(), v.size());
        }

        /** The spread as a share of the median, e.g. "±6%". */
        String relative() {
            if (median == 0 || runs < 2) {
                return "";
            }
            double half = (max - min) / 2 / Math.abs(median) * 100;
            return String.format("±%.0f%%", half);
        }
    }
}
