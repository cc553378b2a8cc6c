package dev.tdw.model.sets;

import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.key.StageKey;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Small manifests built in memory for the capture-set rule tests. */
final class Manifests {
    private final List<StageRecord> records = new ArrayList<>();
    private final StageKey.Counter keys = new StageKey.Counter();
    private String dtype = "torch.bfloat16";

    Manifests dtype(String dtype) {
        this.dtype = dtype;
        return this;
    }

    /** A record whose four value statistics are {@code max_abs = |v|, min = max = mean = v}, no NaN/Inf. */
    Manifests value(String stage, double v) {
        return stage(stage, new Summary(0.0, 0.0, Math.abs(v), v, v, v));
    }

    Manifests stage(String stage, Summary s) {
        records.add(new StageRecord(keys.next(stage), stage, records.size(), new Layout(List.of(4L), dtype, 4L, null, null, null, null, null, null),
                s, null, null, null, null, null));
        return this;
    }

    Manifests shape(String stage, long dim, double v) {
        records.add(new StageRecord(keys.next(stage), stage, records.size(), new Layout(List.of(dim), dtype, dim, null, null, null, null, null, null),
                new Summary(0.0, 0.0, Math.abs(v), v, v, v), null, null, null, null, null));
        return this;
    }

    Manifest build(String path, String label, Integer rank, Integer matchIndex, Integer occurrence) {
        return new Manifest(Path.of(path), "ascend-tensor-dump/1", label, rank, matchIndex, occurrence, Map.of(), null, records,
                List.of(), null, Map.of());
    }

    Run run(String path) { return new Run(Path.of(path), build(path + "/m-rank0.json", "m", 0, 1, 1)); }
}
