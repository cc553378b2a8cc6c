package dev.tdw.scale;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.input.InputException;
import dev.tdw.model.msprobe.MsprobeDump;
import org.apache.spark.api.java.function.Function;

import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One task of {@code --all}: reads the two manifests of its pair and makes their diff, as {@code tdw diff --all} does
 * for each pair ({@link SummaryDiff}). It sends back the diff without the manifests, which the driver already holds.
 */
class StatisticsTask implements Function<PairFiles, StatisticsTask.Diff> {
    private final double atol, rtol;

    StatisticsTask(double atol, double rtol) {
        this.atol = atol;
        this.rtol = rtol;
    }

    /** A pair's {@link DiffResult} but its two manifests. */
    record Diff(List<String> onlyInLeft, List<String> onlyInRight, StageDiff firstDivergent, List<StageDiff> stages,
                List<String> evidenceGaps, DiffVerdict verdict) implements Serializable {
        static Diff of(DiffResult d) {
            return new Diff(d.onlyInLeft(), d.onlyInRight(), d.firstDivergent(), d.stages(), d.evidenceGaps(), d.verdict());
        }

        DiffResult with(Manifest left, Manifest right, Tolerance tol) {
            return new DiffResult(left, right, tol.atol(), tol.rtol(), onlyInLeft, onlyInRight, firstDivergent, stages, evidenceGaps, verdict);
        }
    }

    @Override
    public Diff call(PairFiles pair) {
        try {
            return Diff.of(SummaryDiff.of(read(Path.of(pair.left())), read(Path.of(pair.right())), new Tolerance(atol, rtol)));
        } catch (InputException e) {
            // The driver read this file a moment ago: it changed since. Failed, so that Spark tries again.
            throw new UncheckedIOException(e);
        }
    }

    /** As the command line reads a manifest: an msprobe dump.json, or a probe manifest. */
    static Manifest read(Path file) throws InputException {
        return MsprobeDump.detect(file) ? new MsprobeDump().read(file) : new ManifestReader().read(file);
    }
}
