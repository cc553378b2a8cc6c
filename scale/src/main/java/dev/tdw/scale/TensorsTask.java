package dev.tdw.scale;

import dev.tdw.model.compare.PayloadFiles;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.input.InputException;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.TensorsJson;
import dev.tdw.model.tensor.Payload;
import org.apache.spark.api.java.function.Function;

import java.io.Serializable;
import java.nio.file.Path;

/**
 * One task of {@code --tensors}: compares the saved tensors of its pair's payloads, as {@code tdw tensors} does for
 * each pair of two directories. A pair whose payloads cannot be read is a problem the driver lists, never dropped.
 */
class TensorsTask implements Function<PairFiles, TensorsTask.Outcome> {
    private final double atol, rtol;
    private final long maxElements;
    private final Root left, right;

    TensorsTask(JobOptions o, Root left, Root right) {
        this.atol = o.atol();
        this.rtol = o.rtol();
        this.maxElements = o.maxElements();
        this.left = left;
        this.right = right;
    }

    /** The pair's JSON (as {@code tdw tensors} writes one pair's) and verdict, or why it could not be compared. */
    record Outcome(String json, TensorsVerdict verdict, String problem) implements Serializable {}

    @Override
    public Outcome call(PairFiles pair) {
        Path l = left.file(pair.left()), r = right.file(pair.right());
        // One thread per task: Spark runs as many tasks side by side as it has cores.
        TensorComparison comparison = new TensorComparison(atol, rtol, maxElements);
        try (Payload lp = PayloadFiles.open(l); Payload rp = PayloadFiles.open(r)) {
            TensorsResult result = comparison.compare(lp, rp, pair.scanned());
            return new Outcome(Json.write(TensorsJson.toJson(result, left.show(l), right.show(r))), result.verdict(), null);
        } catch (InputException e) {
            return new Outcome(null, null, e.getMessage());
        }
    }
}
