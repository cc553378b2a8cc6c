package dev.tdw.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.Json;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Loads a generated 100k-record manifest with {@link ManifestReader} and, in the same run, with a
 * plain whole-tree Jackson read (the baseline), then scans and diffs it. Prints times and ratios.
 * Usage: {@code java -cp ... dev.tdw.bench.ManifestLoadBench [records]}; with {@code --generate DIR [records]} it only
 * writes two such manifests, {@code DIR/a-rank0.json} and {@code DIR/b-rank0.json} (for {@code bench/manifests.sh}), the
 * same unless a third number gives the right one its own seed ({@code --generate DIR records seed}: then every
 * statistic differs, a report with a finding on nearly every stage, as {@code bench/report-memory.sh} needs).
 */
public final class ManifestLoadBench {
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--generate")) {
            Path out = Path.of(args[1]);
            int n = args.length > 2 ? Integer.parseInt(args[2]) : 100_000;
            generate(out.resolve("a-rank0.json"), n, 1234);
            generate(out.resolve("b-rank0.json"), n, args.length > 3 ? Long.parseLong(args[3]) : 1234);
            return;
        }
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Path dir = Files.createTempDirectory("tdw-bench-manifest");
        try {
            Path file = generate(dir.resolve("bench-rank0.json"), records, 1234);
            Path other = generate(dir.resolve("other-rank0.json"), records, 1234);
            System.out.printf("manifest: %d records, %.1f MB%n", records, Files.size(file) / 1e6);
            ManifestReader reader = new ManifestReader();
            for (int i = 0; i < 3; i++) { reader.read(file); baseline(file); } // warm-up
            double ours = best(5, () -> reader.read(file));
            double tree = best(5, () -> baseline(file));
            Manifest a = reader.read(file), b = reader.read(other);
            double scan = best(5, () -> Scan.of(a, 65504.0));
            double diff = best(5, () -> SummaryDiff.of(a, b, Tolerance.EXACT));
            System.out.printf("ManifestReader.read      %8.1f ms%n", ours);
            System.out.printf("baseline readTree        %8.1f ms  (ours/baseline = %.2f)%n", tree, ours / tree);
            System.out.printf("scan                     %8.1f ms%n", scan);
            System.out.printf("diff (100k pairs)        %8.1f ms%n", diff);
            System.out.printf("target: load under 1000 ms -> %s%n", ours < 1000 ? "met" : "NOT met");
        } finally {
            try (var s = Files.list(dir)) { s.forEach(p -> p.toFile().delete()); }
            Files.delete(dir);
        }
    }

    interface Work { Object run() throws Exception; }

    static double best(int runs, Work w) throws Exception {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            w.run();
            best = Math.min(best, (System.nanoTime() - t) / 1e6);
        }
        return best;
    }

    static JsonNode baseline(Path file) throws IOException {
        return Json.mapper().readTree(file.toFile());
    }

    /** A manifest shaped like the probe's: layers of stages with layout and statistics, plus input sets. */
    static Path generate(Path file, int records, long seed) throws IOException {
        Random r = new Random(seed);
        String[] stages = {"input_layernorm", "self_attn.qkv", "self_attn.q_rope", "self_attn.k_rope", "self_attn.kv_cache",
                "self_attn.attn_out", "post_attention_layernorm", "mlp.gate_up", "mlp.act", "mlp.down"};
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"bench\", \"rank\": 0, \"match_index\": 1, \"occurrence\": 1, "
                    + "\"metadata\": {}, \"stats\": [\"nan_count\", \"inf_count\", \"max_abs\", \"min\", \"max\", \"mean\"], \"records\": [\n");
            for (int i = 0; i < records; i++) {
                if (i > 0) w.write(",\n");
                String stage = "layers." + (i / stages.length) + "." + stages[i % stages.length];
                if (i % 50 == 49) {
                    w.write("{\"stage\": \"add_rms_norm\", \"order\": " + i + ", \"inputs\": {\"x\": {\"shape\": [12, 64], \"dtype\": \"torch.bfloat16\", "
                            + "\"stride\": [64, 1], \"storage_ptr\": " + (1000 + i) + ", \"storage_offset\": 0}, \"epsilon\": {\"value\": \"1e-06\"}}, "
                            + "\"input_set_saved\": true}");
                    continue;
                }
                double max = r.nextDouble() * 10;
                w.write(String.format("{\"stage\": \"%s\", \"order\": %d, \"shape\": [12, 64], \"dtype\": \"torch.bfloat16\", \"numel\": 768, "
                                + "\"device\": \"npu:0\", \"stride\": [64, 1], \"contiguous\": true, \"storage_ptr\": %d, \"storage_offset\": 0, "
                                + "\"tensor_saved\": false, \"summary\": {\"nan_count\": 0.0, \"inf_count\": 0.0, \"max_abs\": %s, \"min\": %s, "
                                + "\"max\": %s, \"mean\": %s}}",
                        stage, i, 100000 + (long) i * 4096, max, -max, max * 0.9, r.nextGaussian()));
            }
            w.write("\n], \"graph_slots\": {}}\n");
        }
        return file;
    }
}
