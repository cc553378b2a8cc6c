package dev.tdw.model.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds small probe-format manifests for rule tests; records are raw JSON so tests can say exactly what is present. */
public final class ManifestJson {
    private final String label;
    private final List<String> records = new ArrayList<>();
    private String extraTop = "";

    public ManifestJson(String label) { this.label = label; }

    public ManifestJson record(String json) { records.add(json); return this; }

    /** A float32 record with a full summary. */
    public ManifestJson stage(String stage, String shape, String summary) {
        return record("{\"stage\": \"" + stage + "\", \"order\": " + records.size() + ", \"shape\": " + shape
                + ", \"dtype\": \"torch.float32\", \"summary\": " + summary + "}");
    }

    public static String summary(String nan, String inf, String maxAbs, String min, String max, String mean) {
        return "{\"nan_count\": " + nan + ", \"inf_count\": " + inf + ", \"max_abs\": " + maxAbs + ", \"min\": " + min
                + ", \"max\": " + max + ", \"mean\": " + mean + "}";
    }

    public ManifestJson top(String field, String json) { extraTop += ", \"" + field + "\": " + json; return this; }

    public String json() {
        return "{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"" + label + "\", \"rank\": 0, \"match_index\": 1, \"occurrence\": 1"
                + extraTop + ", \"records\": [" + String.join(", ", records) + "]}";
    }

    public Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve(label + "-rank0.json");
        Files.writeString(f, json());
        return f;
    }
}
