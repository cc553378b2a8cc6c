package dev.tdw.bench;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProgress;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsResult;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Capture sets over generated data: two roots of {@code ranks x occurrences} manifests of {@code records} records each
 * (default 64 x 4 x 600, the workbench target), loaded and analysed every pair; and repeated runs. Baselines
 * measured in the same run: the same manifests read one by one, and the sum of the single pair diffs.
 * Usage: {@code java -cp ... dev.tdw.bench.CaptureSetBench [ranks] [occurrences] [records] [runs]}.
 */
public final class CaptureSetBench {
    public static void main(String[] args) throws Exception {
        int ranks = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int occurrences = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int records = args.length > 2 ? Integer.parseInt(args[2]) : 600;
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        Path dir = Files.createTempDirectory("tdw-bench-sets");
        try {
            Path left = dir.resolve("baseline"), right = dir.resolve("candidate");
            List<Path> files = new ArrayList<>();
            for (int o = 1; o <= occurrences; o++) {
                for (int r = 0; r < ranks; r++) {
                    files.add(write(left.resolve("occ" + o), r, o, records, 0, -1));
                    // The candidate's rank 5 diverges from occurrence 3 on, 40 records in; the others 10 records later.
                    int at = o >= 3 ? (r == 5 % ranks ? 40 : 50) : -1;
                    write(right.resolve("occ" + o), r, o, records, 0, at);
                }
            }
            System.out.printf(Locale.ROOT, "every pair: %d ranks x %d occurrences x %d records per side (%d manifests)%n",
                    ranks, occurrences, records, 2 * ranks * occurrences);
            ManifestReader reader = new ManifestReader();
            for (int i = 0; i < 2; i++) { // warm-up
                AllPairsAnalysis.of(CaptureDirectory.load(left), CaptureDirectory.load(right), Tolerance.EXACT);
                readEach(reader, files);
            }
            AllPairsResult[] last = new AllPairsResult[1];
            // Interleaved, so a burst of load on a shared machine hits both: all reader threads, then one.
            double load = Double.MAX_VALUE, loadOneThread = Double.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                load = Math.min(load, ManifestLoadBench.best(1, () -> List.of(CaptureDirectory.load(left), CaptureDirectory.load(right))));
                loadOneThread = Math.min(loadOneThread, ManifestLoadBench.best(1, () -> List.of(
                        CaptureDirectory.load(left, reader, LoadProgress.NONE, 1), CaptureDirectory.load(right, reader, LoadProgress.NONE, 1))));
            }
            double readOneByOne = 2 * ManifestLoadBench.best(3, () -> readEach(reader, files));
            CaptureDirectory l = CaptureDirectory.load(left), r = CaptureDirectory.load(right);
            double all = ManifestLoadBench.best(5, () -> last[0] = AllPairsAnalysis.of(l, r, Tolerance.EXACT));
            List<Manifest> ls = l.manifests(), rs = r.manifests();
            double singles = ManifestLoadBench.best(5, () -> {
                for (int i = 0; i < ls.size(); i++) SummaryDiff.of(ls.get(i), rs.get(i), Tolerance.EXACT);
                return null;
            });
            System.out.printf(Locale.ROOT, "load both roots          %8.1f ms  (baseline: each manifest read alone %.1f ms, ratio %.2f)%n",
                    load, readOneByOne, load / readOneByOne);
            System.out.printf(Locale.ROOT, "  on 1 reader thread     %8.1f ms  (%d processors; ratio of the default reader threads to 1: %.2f)%n",
                    loadOneThread, Runtime.getRuntime().availableProcessors(), load / loadOneThread);
            System.out.printf(Locale.ROOT, "every-pair analysis      %8.1f ms  (baseline: sum of %d single diffs %.1f ms, ratio %.2f)%n",
                    all, ls.size(), singles, all / singles);
            System.out.printf(Locale.ROOT, "model time, load + all   %8.1f ms  (target under 3000 ms: %s)%n", load + all,
                    load + all < 3000 ? "met" : "NOT met");
            var first = last[0].firstDivergentForward();
            System.out.printf(Locale.ROOT, "  found: %s%n", first == null ? "no divergent forward"
                    : "first divergent forward occ " + first.occurrence() + ", origin ranks " + first.originRanks() + " at " + first.origin().key());

            List<Run> leftRuns = new ArrayList<>(), rightRuns = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                leftRuns.add(run(write(dir.resolve("runs-left/run" + i), 0, 1, records, i + 1, -1), reader));
                rightRuns.add(run(write(dir.resolve("runs-right/run" + i), 0, 1, records, 100 + i, i == 2 ? 300 : -1), reader));
            }
            RunsResult[] runsResult = new RunsResult[1];
            for (int i = 0; i < 3; i++) RunsAnalysis.of(leftRuns, rightRuns, Tolerance.EXACT, 1.0); // warm-up
            double runsTime = ManifestLoadBench.best(5, () -> runsResult[0] = RunsAnalysis.of(leftRuns, rightRuns, Tolerance.EXACT, 1.0));
            double runSingles = ManifestLoadBench.best(5, () -> {
                for (Run rr : rightRuns) SummaryDiff.of(leftRuns.get(0).manifest(), rr.manifest(), Tolerance.EXACT);
                return null;
            });
            System.out.printf(Locale.ROOT, "repeated runs: %d left x %d right runs of %d records%n", runs, runs, records);
            System.out.printf(Locale.ROOT, "runs analysis            %8.1f ms  (baseline: %d single diffs against left run 1 %.1f ms, ratio %.2f)%n",
                    runsTime, runs, runSingles, runsTime / runSingles);
            System.out.printf(Locale.ROOT, "  found: %s%n", runsResult[0].verdictText());
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Object readEach(ManifestReader reader, List<Path> files) throws Exception {
        for (Path f : files) reader.read(f);
        return null;
    }

    private static Run run(Path manifest, ManifestReader reader) throws Exception {
        return new Run(manifest.getParent(), reader.read(manifest));
    }

    /**
     * One probe-shaped manifest. {@code seed} adds run-to-run noise of a few bf16 ulps from record 20 on (0: none);
     * from record {@code divergeAt} on (when >= 0) the values are off by far more than that.
     */
    static Path write(Path dir, int rank, int occurrence, int records, long seed, int divergeAt) throws IOException {
        return write(dir, rank, occurrence, records, seed, divergeAt, null);
    }

    /** The same manifest naming its payload, {@code tensorFile} beside it (null: none). */
    static Path write(Path dir, int rank, int occurrence, int records, long seed, int divergeAt, String tensorFile) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("cmpl-bench-rank" + rank + ".json");
        Random stable = new Random(rank * 7919L + records), noise = new Random(seed);
        String[] stages = {"input_layernorm", "self_attn.qkv", "self_attn.q_rope", "self_attn.k_rope", "self_attn.kv_cache",
                "self_attn.attn_out", "post_attention_layernorm", "mlp.gate_up", "mlp.act", "mlp.down"};
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"cmpl-bench\", \"rank\": " + rank + ", \"match_index\": 1, "
                    + "\"occurrence\": " + occurrence + ", \"metadata\": {}, "
                    + "\"stats\": [\"nan_count\", \"inf_count\", \"max_abs\", \"min\", \"max\", \"mean\"], \"records\": [\n");
            for (int i = 0; i < records; i++) {
                if (i > 0) w.write(",\n");
                double max = 1 + stable.nextDouble() * 8 + occurrence;
                if (seed != 0 && i >= 20) max += noise.nextInt(3) * 0x1p-7 * max;
                if (divergeAt >= 0 && i >= divergeAt) max *= 1.5;
                w.write(String.format(Locale.ROOT, "{\"stage\": \"layers.%d.%s\", \"order\": %d, \"shape\": [12, 64], "
                                + "\"dtype\": \"torch.bfloat16\", \"numel\": 768, \"summary\": {\"nan_count\": 0.0, \"inf_count\": 0.0, "
                                + "\"max_abs\": %s, \"min\": %s, \"max\": %s, \"mean\": %s}}",
                        i / stages.length, stages[i % stages.length], i, max, -max * 0.9, max, max * 0.01));
            }
            w.write("\n], " + (tensorFile == null ? "" : "\"tensor_file\": \"" + tensorFile + "\", ") + "\"graph_slots\": {}}\n");
        }
        return file;
    }
}
