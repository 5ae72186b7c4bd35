package dev.reservoir.bench.suite;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The table the suite prints: one row per workload and target, with the ratio to the row's baseline. */
final class Report {

    /**
     * One figure.
     *
     * @param higherIsBetter true for throughput, false for times and memory
     * @param baseline the target this row is compared with (same workload and figure), or null
     * @param extra anything else worth a column (latency percentiles, peak memory)
     * @param alsoBaseline a second target to compare with in the same column, or null
     */
    record Row(
            String workload,
            String target,
            String figure,
            Stats.Spread value,
            String unit,
            boolean higherIsBetter,
            String baseline,
            String extra,
            String alsoBaseline) {

        Row(
                String workload,
                String target,
                String figure,
                Stats.Spread value,
                String unit,
                boolean higherIsBetter,
                String baseline,
                String extra) {
            this(workload, target, figure, value, unit, higherIsBetter, baseline, extra, null);
        }
    }

    private final List<Row> rows = new ArrayList<>();

    void add(Row row) {
        rows.add(row);
    }

    List<Row> rows() {
        return rows;
    }

    /**
     * The ratio of a row to its baseline's median, as "0.73x floor/http", then to its second
     * baseline if it has one ("0.40x floor/http-raw, 0.73x floor/http"), or "" when there is none.
     */
    String ratio(Row row) {
        String first = ratio(row, row.baseline());
        if (row.alsoBaseline() == null || row.alsoBaseline().equals(row.target())) {
            return first;
        }
        String second = ratio(row, row.alsoBaseline());
        return first.isEmpty() || second.isEmpty() ? first + second : first + ", " + second;
    }

    private String ratio(Row row, String baseline) {
        if (baseline == null) {
            return "";
        }
        for (Row other : rows) {
            if (other.workload().equals(row.workload())
                    && other.figure().equals(row.figure())
                    && other.target().equals(baseline)) {
                if (other == row) {
                    return "baseline";
                }
                if (other.value().median() == 0) {
                    return "";
                }
                return String.format(
                        Locale.ROOT,
                        "%.2fx %s",
                        row.value().median() / other.value().median(),
                        baseline);
            }
        }
        return "";
    }

    void print(PrintStream out) {
        String format = "%-22s %-26s %-20s %14s %7s  %-44s %s%n";
        out.printf(
                Locale.ROOT,
                format,
                "workload",
                "target",
                "figure",
                "median",
                "spread",
                "ratio (to baseline)",
                "notes");
        out.println("-".repeat(160));
        String last = null;
        for (Row row : rows) {
            if (last != null && !last.equals(row.workload())) {
                out.println();
            }
            last = row.workload();
            out.printf(
                    Locale.ROOT,
                    format,
                    row.workload(),
                    row.target(),
                    row.figure() + " (" + row.unit() + ")",
                    number(row.value().median()),
                    row.value().relative(),
                    ratio(row),
                    row.extra() == null ? "" : row.extra());
        }
    }

    static String number(double v) {
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
