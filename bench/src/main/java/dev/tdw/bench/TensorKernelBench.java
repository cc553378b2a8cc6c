package dev.tdw.bench;

import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorMetrics;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.Tensor;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The comparison kernel alone, per float dtype: {@code TensorComparison.compareTensors} on one thread over in-memory
 * (direct buffer) pairs of [1000, 2000] tensors, no files, no start-up. Prints the least thread-CPU time per element of
 * {@code --runs} passes (the pass least disturbed by the other work on a shared machine) as ns per element and GB/s of
 * input per core, and a checksum of the metrics. It uses only API that earlier builds have too, so the same class runs
 * against an earlier model jar for a ratio measured in the same run:
 * {@code java -cp tdw-bench.jar:<earlier tdw-model.jar>:... dev.tdw.bench.TensorKernelBench}; the checksums must agree.
 *
 * <p>Usage: {@code TensorKernelBench [--mib 64] [--runs 15] [--noise R]} (MiB per side and dtype). With {@code --noise R}
 * every right element is the left one times {@code 1 + R * g}, g a unit normal (most elements differ in their last
 * bits, as between an eager and a graph run); else every 997th is 1% larger.
 */
public final class TensorKernelBench {
    private static final int ROWS = 1000;
    private static final int COLS = 2000;

    private TensorKernelBench() {}

    public static void main(String[] args) throws java.io.IOException {
        long mib = 64;
        int runs = 15;
        double noise = 0;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--mib" -> mib = Long.parseLong(args[i + 1]);
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--noise" -> noise = Double.parseDouble(args[i + 1]);
                default -> throw new IllegalArgumentException("unexpected argument " + args[i]);
            }
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        System.out.printf("java %s, %d cpus; %d MiB per side and dtype, best of %d passes on 1 thread; %s%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), mib, runs,
                noise > 0 ? "every element times 1 + " + noise + " g" : "every 997th element 1% larger");
        for (DType type : new DType[] {DType.BFLOAT16, DType.FLOAT16, DType.FLOAT32}) {
            int tensors = (int) Math.max(1, (mib << 20) / ((long) ROWS * COLS * type.elementSize()));
            List<Tensor[]> pairs = pairs(type, tensors, noise);
            TensorComparison comparison = new TensorComparison(1e-2, 1e-2, Long.MAX_VALUE);
            double best = Double.MAX_VALUE;
            double checksum = 0;
            for (int run = 0; run < runs; run++) {
                long start = cpu.getCurrentThreadCpuTime();
                checksum = 0;
                for (Tensor[] p : pairs) checksum += checksum(comparison.compareTensors(p[0], p[1]));
                best = Math.min(best, (cpu.getCurrentThreadCpuTime() - start) / (double) (tensors * (long) ROWS * COLS));
            }
            System.out.printf("%-9s %d x [%d, %d]: %.3f ns per element = %.2f GB/s of input per core; checksum %.17g%n",
                    type.torchName().substring(6), tensors, ROWS, COLS, best, 2 * type.elementSize() / best, checksum);
        }
    }

    /** Pairs of values of a unit normal whose right side differs as {@code --noise} says (see the class comment). */
    private static List<Tensor[]> pairs(DType type, int tensors, double noise) {
        Random random = new Random(1);
        int size = type.elementSize();
        long n = (long) tensors * ROWS * COLS;
        ByteBuffer l = ByteBuffer.allocateDirect(Math.toIntExact(n * size)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer r = ByteBuffer.allocateDirect(Math.toIntExact(n * size)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            float v = (float) random.nextGaussian();
            float w = noise > 0 ? (float) (v * (1 + noise * random.nextGaussian())) : i % 997 == 0 ? v * 1.01f : v;
            switch (type) {
                case FLOAT32 -> {
                    l.putFloat(i * 4, v);
                    r.putFloat(i * 4, w);
                }
                case BFLOAT16 -> {
                    l.putShort(i * 2, (short) (Float.floatToIntBits(v) >>> 16));
                    r.putShort(i * 2, (short) (Float.floatToIntBits(w) >>> 16));
                }
                default -> {
                    l.putShort(i * 2, half(v));
                    r.putShort(i * 2, half(w));
                }
            }
        }
        Storage left = new Storage("l", type, n, l);
        Storage right = new Storage("r", type, n, r);
        List<Tensor[]> out = new ArrayList<>();
        for (int t = 0; t < tensors; t++) {
            long at = (long) t * ROWS * COLS;
            out.add(new Tensor[] {new Tensor(left, at, new long[] {ROWS, COLS}, new long[] {COLS, 1}),
                    new Tensor(right, at, new long[] {ROWS, COLS}, new long[] {COLS, 1})});
        }
        return out;
    }

    /** A normal float16 close to {@code v} (|v| well inside float16's range): truncated, not rounded. */
    private static short half(float v) {
        int bits = Float.floatToIntBits(v);
        int sign = bits >>> 16 & 0x8000;
        int exp = (bits >>> 23 & 0xff) - 127 + 15;
        if (exp <= 0) return (short) sign;
        return (short) (sign | Math.min(exp, 30) << 10 | (bits >>> 13 & 0x3ff));
    }

    private static double checksum(TensorMetrics m) {
        if (!(m instanceof TensorMetrics.Compared c) || c.floats() == null) return -1;
        return c.mismatchCount() + c.floats().maxAbsDiff() + c.floats().meanAbsDiff() + c.floats().cosine().orElse(0)
                + c.floats().relL2().orElse(0);
    }
}
