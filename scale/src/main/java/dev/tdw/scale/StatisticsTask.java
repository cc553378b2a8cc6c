package dev.tdw.scale;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.input.InputException;
import dev.tdw.model.format.CaptureFormat;
import dev.tdw.model.format.CaptureLoader;
import org.apache.spark.api.java.function.Function;

import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One task of {@code --all}: reads the two manifests of its pair and makes their diff, as {@code tdw diff --all} does
 * for each pair ({@link SummaryDiff}), and sends back the diff ({@link Diff}).
 */
class StatisticsTask implements Function<PairFiles, StatisticsTask.Diff> {
    private final double atol, rtol;
    private final Root left, right;

    StatisticsTask(double atol, double rtol, Root left, Root right) {
        this.atol = atol;
        this.rtol = rtol;
        this.left = left;
        this.right = right;
    }

    /**
     * A pair's {@link DiffResult} as it travels from the task to the driver: without its manifests, which the driver
     * holds (read from the same files), each stage naming its records by their place in them.
     */
    record Diff(List<String> onlyInLeft, List<String> onlyInRight, int firstDivergent, List<Stage> stages,
                List<String> evidenceGaps, DiffVerdict verdict) implements Serializable {
        static Diff of(DiffResult d) {
            Map<StageRecord, Integer> left = places(d.left()), right = places(d.right());
            List<Stage> stages = d.stages().stream().map(s -> Stage.of(s, left, right)).toList();
            int first = -1;
            for (int i = 0; i < d.stages().size() && first < 0; i++) if (d.stages().get(i) == d.firstDivergent()) first = i;
            return new Diff(d.onlyInLeft(), d.onlyInRight(), first, stages, d.evidenceGaps(), d.verdict());
        }

        /** The diff again, its records those of the driver's manifests. */
        DiffResult with(Manifest left, Manifest right, Tolerance tol) {
            List<StageDiff> diffs = stages.stream().map(s -> s.with(left, right)).toList();
            return new DiffResult(left, right, tol.atol(), tol.rtol(), onlyInLeft, onlyInRight,
                    firstDivergent < 0 ? null : diffs.get(firstDivergent), diffs, evidenceGaps, verdict);
        }

        private static Map<StageRecord, Integer> places(Manifest m) {
            Map<StageRecord, Integer> out = new IdentityHashMap<>();
            for (int i = 0; i < m.records().size(); i++) out.put(m.records().get(i), i);
            return out;
        }
    }

    /** A {@link StageDiff} with its two records as their places in their manifests (-1: none). */
    record Stage(String key, String stage, Integer order, boolean shapeMatch, boolean dtypeMatch, List<Long> leftShape,
                 List<Long> rightShape, boolean nonfiniteIntroduced, LinkedHashMap<String, double[]> statDivergence,
                 List<String> reasons, boolean evidenceGap, int left, int right) implements Serializable {
        static Stage of(StageDiff s, Map<StageRecord, Integer> left, Map<StageRecord, Integer> right) {
            LinkedHashMap<String, double[]> deltas = null;
            if (s.statDivergence() != null) {
                deltas = new LinkedHashMap<>();
                for (Map.Entry<String, StageDiff.StatDelta> e : s.statDivergence().entrySet()) {
                    deltas.put(e.getKey(), new double[] {e.getValue().left(), e.getValue().right(), e.getValue().delta()});
                }
            }
            return new Stage(s.key(), s.stage(), s.order(), s.shapeMatch(), s.dtypeMatch(), list(s.leftShape()), list(s.rightShape()),
                    s.nonfiniteIntroduced(), deltas, new ArrayList<>(s.reasons()), s.evidenceGap(), place(s.left(), left), place(s.right(), right));
        }

        StageDiff with(Manifest l, Manifest r) {
            Map<String, StageDiff.StatDelta> deltas = null;
            if (statDivergence != null) {
                deltas = new LinkedHashMap<>();
                for (Map.Entry<String, double[]> e : statDivergence.entrySet()) {
                    deltas.put(e.getKey(), new StageDiff.StatDelta(e.getValue()[0], e.getValue()[1], e.getValue()[2]));
                }
            }
            return new StageDiff(key, stage, order, shapeMatch, dtypeMatch, leftShape, rightShape, nonfiniteIntroduced, deltas,
                    reasons, evidenceGap, left < 0 ? null : l.records().get(left), right < 0 ? null : r.records().get(right));
        }

        private static int place(StageRecord r, Map<StageRecord, Integer> places) {
            if (r == null) return -1;
            Integer i = places.get(r);
            if (i == null) throw new IllegalStateException("a stage's record is not one of its manifest's: " + r.key());
            return i;
        }

        private static List<Long> list(List<Long> l) {
            return l == null ? null : new ArrayList<>(l);
        }
    }

    @Override
    public Diff call(PairFiles pair) {
        try {
            return Diff.of(SummaryDiff.of(read(left.file(pair.left())), read(right.file(pair.right())), new Tolerance(atol, rtol)));
        } catch (InputException e) {
            // The driver read this file a moment ago: it changed since. Failed, so that Spark tries again.
            throw new UncheckedIOException(e);
        }
    }

    /** As the command line reads a manifest: an msprobe dump.json, or a probe manifest. */
    static Manifest read(Path file) throws InputException {
        return CaptureFormat.of(file) == CaptureFormat.MSPROBE ? new CaptureLoader().load(file).manifests().get(0) : new ManifestReader().read(file);
    }
}
