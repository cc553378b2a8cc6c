package dev.tdw.bench;

import dev.tdw.model.tensor.DType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The capture set of bench/scale.sh: two roots ({@code baseline/}, {@code candidate/}) of {@code ranks x steps}
 * manifests of {@code records} records each ({@link CaptureSetBench}'s, the candidate's rank 5 diverging from step 3 on),
 * each naming a bf16 payload of {@code mib} MiB per side ({@link TensorCompareBench}'s, one element in 997 moved by an
 * ulp). The payloads are copies of one generated pair, each its own file.
 * Usage: {@code java -cp ... dev.tdw.bench.ScaleSetGenerator DIR ranks steps records mib}.
 */
public final class ScaleSetGenerator {
    private static final long ROWS = 1000, COLS = 2000;

    private ScaleSetGenerator() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int ranks = Integer.parseInt(args[1]), steps = Integer.parseInt(args[2]), records = Integer.parseInt(args[3]);
        long mib = Long.parseLong(args[4]);
        int tensors = (int) Math.max(1, (mib << 20) / (ROWS * COLS * 2));
        Path seed = Files.createDirectories(dir.resolve("seed"));
        Path seedLeft = seed.resolve("left.pt"), seedRight = seed.resolve("right.pt");
        TensorCompareBench.generate(seed, seedLeft, seedRight, DType.BFLOAT16, tensors, ROWS, COLS, 0);
        long bytes = 0;
        for (int s = 1; s <= steps; s++) {
            for (int r = 0; r < ranks; r++) {
                String payload = "cmpl-bench-rank" + r + ".pt";
                Path l = CaptureSetBench.write(dir.resolve("baseline/occ" + s), r, s, records, 0, -1, payload);
                int at = s >= 3 ? (r == 5 % ranks ? 40 : 50) : -1;
                Path rt = CaptureSetBench.write(dir.resolve("candidate/occ" + s), r, s, records, 0, at, payload);
                Files.copy(seedLeft, l.resolveSibling(payload));
                Files.copy(seedRight, rt.resolveSibling(payload));
                bytes += Files.size(l) + Files.size(rt) + 2 * Files.size(seedLeft);
            }
        }
        Files.delete(seedLeft);
        Files.delete(seedRight);
        Files.delete(seed);
        System.out.printf(Locale.ROOT, "%d pairs (%d ranks x %d steps), %d records per manifest, %d bf16 tensors of %dx%d per payload;"
                + " %.3f GB in all%n", ranks * steps, ranks, steps, records, tensors, ROWS, COLS, bytes / 1e9);
    }
}
