package dev.tdw.model.report;

import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageFindings;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.text.Csv;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code diff --format csv}: one row per paired stage, with the columns of msprobe's statistics compare (names,
 * dtypes, shapes, max/min/mean/L2 norm per side, their differences and relative errors) and tdw's finding
 * (docs/cli.md). Written row by row as the pair's stages are walked, never as one string. The right side is the one
 * under test (msprobe's NPU), the left the reference (its Bench): a difference is right minus left, a relative error
 * {@code |right - left| / |left|} in percent, as msprobe writes them.
 */
public final class DiffCsv {
    public static final List<String> HEADER = List.of("Pair", "Key", "Left Name", "Right Name", "Left Dtype", "Right Dtype",
            "Left Tensor Shape", "Right Tensor Shape", "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr",
            "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "Left max", "Left min", "Left mean", "Left l2norm",
            "Right max", "Right min", "Right mean", "Right l2norm", "Left value", "Right value", "Left checksum",
            "Right checksum", "Result", "tdw Finding");

    /** The Result column. */
    public enum Result {
        FIRST_DIVERGENCE("first divergence"), DIVERGES("diverges"), NO_EVIDENCE("no evidence"), AGREES("agrees");

        private final String text;

        Result(String text) { this.text = text; }

        public String text() { return text; }
    }

    private DiffCsv() {}

    public static void header(PrintWriter out) {
        Csv.row(out, HEADER.stream().map(Csv::text).toList());
    }

    /** The rows of one pair's paired stages, in left order. */
    public static void rows(PairAnalysis a, PrintWriter out) {
        String pair = Wording.manifestName(a.left());
        String first = a.firstDivergentKey();
        for (StageFindings s : a.stages()) {
            StageDiff d = s.diff();
            if (d == null) continue; // one-sided: coverage, in the JSON and text outputs
            Csv.row(out, row(pair, d, s, first));
        }
    }

    private static List<String> row(String pair, StageDiff d, StageFindings s, String first) {
        StageRecord l = d.left(), r = d.right();
        MsprobeEntry le = MsprobeEntry.of(l), re = MsprobeEntry.of(r);
        Double[] left = statistics(l, le), right = statistics(r, re);
        List<String> cells = new ArrayList<>(HEADER.size());
        cells.add(Csv.text(pair));
        cells.add(Csv.text(d.key()));
        cells.add(Csv.text(l.stage()));
        cells.add(Csv.text(r.stage()));
        cells.add(Csv.text(dtype(l, le)));
        cells.add(Csv.text(dtype(r, re)));
        cells.add(Csv.text(shape(l, le)));
        cells.add(Csv.text(shape(r, re)));
        for (int i = 0; i < 4; i++) cells.add(Csv.number(left[i] == null || right[i] == null ? null : right[i] - left[i]));
        for (int i = 0; i < 4; i++) cells.add(relative(left[i], right[i]));
        for (Double v : left) cells.add(Csv.number(v));
        for (Double v : right) cells.add(Csv.number(v));
        cells.add(Csv.text(le == null ? null : le.value()));
        cells.add(Csv.text(re == null ? null : re.value()));
        cells.add(Csv.text(le == null ? null : le.checksum()));
        cells.add(Csv.text(re == null ? null : re.checksum()));
        Result result = d.key().equals(first) ? Result.FIRST_DIVERGENCE : d.divergent() ? Result.DIVERGES
                : d.evidenceGap() ? Result.NO_EVIDENCE : Result.AGREES;
        cells.add(Csv.text(result.text()));
        cells.add(Csv.text(String.join("; ", s.findings().stream().map(Wording::finding).toList())));
        return cells;
    }

    /** Max, Min, Mean, Norm: msprobe's four; a probe capture has no norm. */
    private static Double[] statistics(StageRecord rec, MsprobeEntry e) {
        Summary s = rec.summary();
        return new Double[]{s == null ? null : s.max(), s == null ? null : s.min(), s == null ? null : s.mean(), e == null ? null : e.norm()};
    }

    /** An argument's dtype is its type ({@code int}, {@code float}), as msprobe's compare shows it. */
    private static String dtype(StageRecord rec, MsprobeEntry e) {
        if (e != null && e.kind() != MsprobeEntry.Kind.TENSOR) return e.type();
        return rec.layout().dtype();
    }

    private static String shape(StageRecord rec, MsprobeEntry e) {
        if (e != null && e.kind() != MsprobeEntry.Kind.TENSOR) return "[]";
        return rec.layout().shape() == null ? null : rec.layout().shape().toString();
    }

    /** {@code |right - left| / |left|} in percent; 0% when equal, N/A when it has no finite value. */
    private static String relative(Double l, Double r) {
        if (l == null || r == null) return Csv.NOT_AVAILABLE;
        if (l.equals(r)) return "0%";
        double rel = Math.abs(r - l) / Math.abs(l) * 100;
        return Double.isFinite(rel) ? Csv.number(rel) + "%" : Csv.NOT_AVAILABLE;
    }
}
