package dev.tdw.app.ui.testing;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Small synthetic manifests for cases the real captures do not cover. */
public final class Manifests {
    private Manifests() {}

    /** A manifest whose records are the given stages, each [4] float32 with max_abs = value. */
    public static Manifest of(String name, Map<String, Object> metadata, Object... stageAndValue) {
        StageKey.Counter keys = new StageKey.Counter();
        List<StageRecord> records = new ArrayList<>();
        for (int i = 0; i < stageAndValue.length; i += 2) {
            String stage = (String) stageAndValue[i];
            Double v = (Double) stageAndValue[i + 1];
            Summary s = v == null ? null : new Summary(0.0, 0.0, Math.abs(v), -Math.abs(v), Math.abs(v), v / 2);
            records.add(new StageRecord(keys.next(stage), stage, i / 2,
                    new Layout(List.of(4L), "torch.float32", 4L, "cpu", List.of(1L), true, null, 0L, null),
                    s, null, null, null, null, null));
        }
        return new Manifest(Path.of("/synthetic/" + name + "/x-rank0.json"), "ascend-tensor-dump/1", "x", 0, 1, 1,
                metadata, Summary.NAMES, records, null, null, Map.of());
    }

    public static Manifest of(String name, Object... stageAndValue) { return of(name, Map.of(), stageAndValue); }
}
