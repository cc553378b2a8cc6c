package dev.tdw.scale;

import dev.tdw.model.compare.PayloadFiles;
import dev.tdw.model.compare.ScanPart;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.input.InputException;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import org.apache.spark.api.java.function.Function;

import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * One task of {@code --tensors} for a part of a big tensor pair: opens the pair's two payloads (their directories
 * and pickles) and scans whole waves of the one tensor pair ({@link TensorComparison#scanPart}), reading only the byte
 * ranges of those waves. The driver hands the parts, in order, to the pair's own task ({@link TensorsTask}).
 */
class PartTask implements Function<PartTask.Part, ScanPart> {
    private final double atol, rtol;
    private final long maxElements;
    private final Root left, right;

    PartTask(JobOptions o, Root left, Root right) {
        this.atol = o.atol();
        this.rtol = o.rtol();
        this.maxElements = o.maxElements();
        this.left = left;
        this.right = right;
    }

    /** Waves {@code [fromWave, toWave)} of the tensor pair under {@code key} of the payloads {@code files}. */
    record Part(PairFiles files, String key, long fromWave, long toWave) implements Serializable {}

    @Override
    public ScanPart call(Part part) {
        TensorComparison comparison = new TensorComparison(atol, rtol, maxElements);
        try (Payload lp = PayloadFiles.open(left.file(part.files().left())); Payload rp = PayloadFiles.open(right.file(part.files().right()))) {
            PayloadEntry l = lp.entry(part.key()).orElse(null), r = rp.entry(part.key()).orElse(null);
            if (l == null || r == null || !comparison.comparesByParts(l, r)) {
                throw new IllegalStateException(part.key() + ": no longer a tensor pair of " + part.files().left() + " and "
                        + part.files().right() + " compared in parts (changed since the driver read them)");
            }
            return comparison.scanPart(l.tensor(), r.tensor(), part.fromWave(), part.toWave());
        } catch (InputException e) {
            // The driver opened these payloads a moment ago: they changed since. Failed, so that Spark tries again.
            throw new UncheckedIOException(e);
        }
    }
}
