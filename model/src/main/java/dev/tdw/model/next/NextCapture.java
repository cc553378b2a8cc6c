package dev.tdw.model.next;

import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.key.Layers;
import dev.tdw.model.tensor.DType;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The next, narrower capture of a {@link Suspect}: save the tensors of its stage (or its layer) in the same forward
 * on the same ranks, with as many rows as fit a size budget. Statistics ({@code DUMP_PROBE_SUMMARY}) stay as they
 * were, so the new capture still pairs with the old one stage by stage.
 *
 * @param tensorRegex    {@code DUMP_PROBE_TENSOR}, Python-compatible ({@link ProbeRegex})
 * @param rows           {@code DUMP_PROBE_ROWS}: the most rows along dim 0 that fit the budget (0 only when no saved
 *                       stage has two or more dims, where rows do not apply)
 * @param savedStages    the left records the regex selects, in capture order (their sizes make the estimate)
 * @param estimatedBytes what the probe would save with these rows, summed over the ranks
 * @param overBudget     even one row exceeds the budget: capture the stage alone, or raise the budget
 */
public record NextCapture(Suspect suspect, TensorScope scope, String tensorRegex, int rows, List<String> savedStages,
                          long estimatedBytes, long budgetBytes, boolean overBudget,
                          ProbeSelection left, ProbeSelection right) {
    public static final long DEFAULT_BUDGET_MIB = 64;
    /** Stages of unknown dtype are sized as float32, the dtype the probe computes statistics in. */
    static final int UNKNOWN_ELEMENT_SIZE = 4;

    public NextCapture {
        Objects.requireNonNull(suspect, "suspect");
        savedStages = List.copyOf(savedStages);
    }

    /** Plans the capture; the budget bounds the payload of all ranks together. */
    public static NextCapture plan(Suspect suspect, TensorScope scope, long budgetBytes) {
        if (budgetBytes <= 0) throw new IllegalArgumentException("the size budget must be positive");
        // A stage outside the layers has no layer to widen to: it is captured alone, and the plan says so.
        if (Layers.prefix(suspect.stage()) == null) scope = TensorScope.STAGE;
        String regex = regex(suspect.stage(), scope);
        Pattern p = Pattern.compile(regex);
        // The probe searches each stage name with the regex; input-set records are not selected by DUMP_PROBE_TENSOR.
        List<StageRecord> saved = suspect.left().records().stream()
                .filter(r -> !r.isInputSet() && p.matcher(r.stage()).find()).toList();
        int ranks = suspect.ranks().size();
        long maxRows = saved.stream().mapToLong(NextCapture::rowsOf).max().orElse(0);
        int rows;
        if (maxRows == 0 || bytes(saved, maxRows) * ranks <= budgetBytes) {
            rows = (int) Math.min(maxRows, Integer.MAX_VALUE);
        } else {
            long lo = 1, hi = maxRows;  // bytes() grows with rows: the largest fitting count by bisection
            while (lo < hi) {
                long mid = lo + (hi - lo + 1) / 2;
                if (bytes(saved, mid) * ranks <= budgetBytes) lo = mid;
                else hi = mid - 1;
            }
            rows = (int) Math.min(lo, Integer.MAX_VALUE);
        }
        long estimate = saturatedMultiply(bytes(saved, rows == 0 ? maxRows : rows), ranks);
        return new NextCapture(suspect, scope, regex, rows, saved.stream().map(r -> r.key().toString()).toList(),
                estimate, budgetBytes, estimate > budgetBytes,
                selection(suspect.left(), suspect, regex, rows), selection(suspect.right(), suspect, regex, rows));
    }

    public static NextCapture plan(Suspect suspect) {
        return plan(suspect, TensorScope.LAYER, DEFAULT_BUDGET_MIB << 20);
    }

    /** The tensor regex of a scope: the layer prefix, or the stage alone when asked or when the stage has no layer. */
    public static String regex(String stage, TensorScope scope) {
        String layer = Layers.prefix(stage);
        return scope == TensorScope.LAYER && layer != null ? ProbeRegex.escape(layer) : ProbeRegex.exactly(stage);
    }

    /** Both sides select the same forward (equal match and occurrence): one line of environment serves both. */
    public boolean sameOnBothSides() {
        return left.environment().equals(right.environment());
    }

    public double estimatedMib() { return estimatedBytes / (double) (1 << 20); }

    private static ProbeSelection selection(Manifest m, Suspect s, String regex, int rows) {
        if (m.matchIndex() == null) throw new IllegalArgumentException(m.path() + ": the manifest has no match_index, so the next capture cannot select its request");
        if (m.occurrence() == null) throw new IllegalArgumentException(m.path() + ": the manifest has no occurrence, so the next capture cannot select its forward");
        return new ProbeSelection(m.label(), m.matchIndex(), m.occurrence(), s.ranks(), regex, rows);
    }

    private static long rowsOf(StageRecord r) {
        List<Long> shape = r.layout().shapeOrEmpty();
        return shape.size() >= 2 ? shape.get(0) : 0;
    }

    /** The probe keeps at most {@code rows} rows along dim 0 of tensors of 2+ dims; smaller tensors are saved whole. */
    static long bytes(List<StageRecord> saved, long rows) {
        long total = 0;
        for (StageRecord r : saved) {
            Layout l = r.layout();
            List<Long> shape = l.shapeOrEmpty();
            int size = l.dtype() == null ? UNKNOWN_ELEMENT_SIZE : DType.elementSizeOf(l.dtype()).orElse(UNKNOWN_ELEMENT_SIZE);
            long elements = 1;
            for (int i = 0; i < shape.size(); i++) {
                long d = shape.get(i);
                if (i == 0 && shape.size() >= 2) d = Math.min(d, rows);
                elements = saturatedMultiply(elements, Math.max(0, d));
            }
            total = saturatedAdd(total, saturatedMultiply(elements, size));
        }
        return total;
    }

    private static long saturatedMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi == 0 && lo >= 0) ? lo : Long.MAX_VALUE;
    }

    private static long saturatedAdd(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }
}
