package dev.tdw.app.ui.tensor;

import dev.tdw.model.report.Wording;
import dev.tdw.model.text.SafeText;

import dev.tdw.model.compare.ElementStatistics;
import dev.tdw.model.compare.SideSummary;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorMetrics;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadReader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The background work of the tensor view: opens both payloads, compares one key with the contract's
 * rules and the user's tolerances, with the model's element statistics from the same pass. Payloads are opened per
 * run and closed at its end, so nothing stays mapped while the user looks elsewhere.
 */
public final class TensorReportTask {
    private TensorReportTask() {}

    /** The keys present in both payloads, in left order. */
    public static List<String> commonKeys(Path left, Path right) throws IOException {
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(left); Payload r = reader.read(right)) {
            java.util.Set<String> rightKeys = new java.util.HashSet<>();
            r.entries().forEach(e -> rightKeys.add(e.key()));
            return l.entries().stream().map(PayloadEntry::key).filter(rightKeys::contains).toList();
        }
    }

    public static TensorReport run(Path left, Path right, String key, double atol, double rtol, long maxElements) throws IOException {
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(left); Payload r = reader.read(right)) {
            return run(l, r, key, atol, rtol, maxElements);
        }
    }

    /**
     * Compares one key of two open payloads. The comparison reads the mappings under {@link MappedRead#guard}: a payload
     * that shrinks meanwhile is "changed while reading", not a JVM error.
     */
    static TensorReport run(Payload l, Payload r, String key, double atol, double rtol, long maxElements) throws IOException {
        PayloadEntry le = l.entry(key).orElseThrow(() -> new IOException(SafeText.of(l.path()) + " holds no entry " + SafeText.quoted(key)));
        PayloadEntry re = r.entry(key).orElseThrow(() -> new IOException(SafeText.of(r.path()) + " holds no entry " + SafeText.quoted(key)));
        TensorPairResult pair = new TensorComparison(atol, rtol, maxElements)
                .withThreads(TensorComparison.availableThreads())
                .withElements(ElementStatistics.DEFAULT_WORST).comparePair(le, re);
        List<TensorReport.Metric> metrics = metrics(pair);
        String verdict = verdict(pair, atol, rtol);
        if (!le.isTensor() || !re.isTensor()) {
            return new TensorReport(key, verdict, pair.failed(), metrics, null, null, null,
                    "A plain value is not a tensor: this pair is missing evidence, not agreement.");
        }
        if (!Arrays.equals(le.tensor().shape(), re.tensor().shape())) {
            return new TensorReport(key, verdict, pair.failed(), metrics, null, null, null,
                    "Shapes differ: there is no elementwise picture.");
        }
        if (le.tensor().numel() > maxElements) {
            return new TensorReport(key, verdict, pair.failed(), metrics, null, null, null,
                    le.tensor().numel() + " elements is over the limit of " + maxElements + "; raise it to see the elements.");
        }
        ElementStatistics d = pair.elements();
        String note = pair.metrics() instanceof TensorMetrics.NotComparable nc && nc.reason() == TensorMetrics.Reason.DTYPE_MISMATCH
                ? "The dtypes differ, so the contract gives no metrics; the picture compares both sides widened to float64."
                : d.nonFinite() > 0 ? "Non-finite elements (purple) are counted, not measured: the contract gives no metrics then." : "";
        return new TensorReport(key, verdict, pair.failed(), metrics, d.heatmap(), d.histogram(), d.worst(), note);
    }

    static String verdict(TensorPairResult p, double atol, double rtol) {
        TensorMetrics m = p.metrics();
        String tol = " (atol " + atol + ", rtol " + rtol + ")";
        if (m instanceof TensorMetrics.NotComparable nc) return (nc.reason().isGap() ? "GAP: " : "FAIL: ") + nc.reason().text();
        if (m instanceof TensorMetrics.NonFinite nf) {
            return "FAIL: non-finite values (left " + nf.leftNonfinite() + ", right " + nf.rightNonfinite() + ")";
        }
        TensorMetrics.Compared c = (TensorMetrics.Compared) m;
        if (c.exactEqual()) return "PASS: exactly equal";
        if (c.floats() == null) return "FAIL: " + c.mismatchCount() + " integer elements differ";
        return (c.floats().allclose() ? "PASS" : "FAIL") + ": " + c.mismatchCount() + " elements differ, max |Δ| "
                + num(c.floats().maxAbsDiff()) + (c.floats().allclose() ? ", all within tolerance" : ", beyond tolerance") + tol;
    }

    private static List<TensorReport.Metric> metrics(TensorPairResult p) {
        List<TensorReport.Metric> out = new ArrayList<>();
        out.add(new TensorReport.Metric("kind", kind(p.left()), kind(p.right()), false));
        if (p.left().isTensor() || p.right().isTensor()) {
            out.add(new TensorReport.Metric("shape", String.valueOf(p.left().shape()), String.valueOf(p.right().shape()), !p.shapeMatch()));
            out.add(new TensorReport.Metric("dtype", dtype(p.left()), dtype(p.right()), !p.dtypeMatch()));
            out.add(new TensorReport.Metric("elements", Long.toString(p.left().numel()), Long.toString(p.right().numel()), false));
        }
        TensorMetrics m = p.metrics();
        if (m instanceof TensorMetrics.NonFinite nf) {
            out.add(new TensorReport.Metric("non-finite", Long.toString(nf.leftNonfinite()), Long.toString(nf.rightNonfinite()), true));
        } else if (m instanceof TensorMetrics.Compared c) {
            out.add(both("exact_equal", Boolean.toString(c.exactEqual()), !c.exactEqual() && c.failed()));
            out.add(both("mismatch_count", Long.toString(c.mismatchCount()), c.mismatchCount() > 0 && c.failed()));
            if (c.floats() != null) {
                TensorMetrics.FloatMetrics f = c.floats();
                out.add(both("max_abs_diff", num(f.maxAbsDiff()), !f.allclose()));
                out.add(both("mean_abs_diff", num(f.meanAbsDiff()), false));
                out.add(both("allclose", Boolean.toString(f.allclose()), !f.allclose()));
                out.add(both("cosine", f.cosine().isPresent() ? num(f.cosine().getAsDouble()) : "– (a zero norm)", false));
                out.add(both("rel_l2", f.relL2().isPresent() ? num(f.relL2().getAsDouble()) : "– (right norm is zero)", false));
            }
        }
        return out;
    }

    /** A metric of the pair, shown across both columns. */
    private static TensorReport.Metric both(String name, String value, boolean bad) {
        return new TensorReport.Metric(name, value, "", bad);
    }

    private static String kind(SideSummary s) { return s.isTensor() ? "tensor" : "value " + s.value(); }

    private static String dtype(SideSummary s) { return s.dtype() == null ? "–" : s.dtype().torchName().replace("torch.", ""); }

    static String num(double v) { return Wording.number(v); }
}
