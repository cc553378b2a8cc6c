package dev.tdw.bench;

import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorMetrics;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.StorageBytes;
import dev.tdw.model.tensor.Tensor;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Compares two generated bf16 payloads with {@link TensorComparison} (storages mapped, one pass, no copies) on one
 * thread and on {@code --threads} threads, against two baselines measured in the same run: the machine's rate of
 * reading the same two mapped files (every byte summed, nothing else), and a naive implementation that reads each
 * file into a heap {@code byte[]}, unzips every tensor into a {@code float[]} and computes the same metrics. Prints
 * throughput (GB/s of input, both files counted), CPU time per core and peak heap, and checks that every thread count
 * gives the same metrics to the last bit.
 *
 * <p>Usage: {@code TensorCompareBench [--mib 1024] [--baseline-mib 128] [--runs 3] [--threads <cpus>] [--dir <tmp>]}.
 * Sizes are per payload. The naive baseline needs both whole files plus float copies in the heap, so it runs on the
 * smaller size; the mapped comparison runs on both sizes so the ratio is taken at equal size. Files are deleted at
 * the end. {@code --generate DIR} only writes the {@code --mib} pair as {@code DIR/left.pt} and {@code DIR/right.pt}
 * (for {@code bench/tensors.sh}, which times whole {@code tdw tensors} processes) and keeps it, in bf16 or the float type
 * {@code --dtype float16|float32} names (the tensors then have the same shape, so the files grow with the element size),
 * of {@code [1000, 2000]} tensors or {@code --rows R --cols C} (many small tensors: the per-tensor costs of a process);
 * with {@code --noise-ulps K} every right element is the left's moved by -K to +K units in the last place at random,
 * so most elements differ in their last bits, as in an eager and a graph run of one model (else every 997th differs);
 * {@code --read-left L --read-right R} only prints the mapped-read rate of two files (tensors.sh's machine figure).
 *
 * <p>{@code --single-mib 3072} instead compares one pair of single bf16 tensors of that size each ({@code [rows,
 * 152064]}, a logits-like shape): a storage beyond what one buffer spans, mapped in chunks; 1 thread and
 * {@code --threads}, next to the mapped read of the same files.
 */
public final class TensorCompareBench {
    /** Each tensor stays within the default --max-elements, like a row-limited probe dump. */
    private static final long ROWS = 1000;
    private static final long COLS = 2000;
    private static final long TENSOR_ELEMENTS = ROWS * COLS;
    /** Columns of the single large tensor: a vocabulary-sized last dimension. */
    private static final long SINGLE_COLS = 152_064;

    private TensorCompareBench() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        long mib = Long.parseLong(options.getOrDefault("--mib", "1024"));
        long baselineMib = Long.parseLong(options.getOrDefault("--baseline-mib", "128"));
        int runs = Integer.parseInt(options.getOrDefault("--runs", "3"));
        int threads = Integer.parseInt(options.getOrDefault("--threads", Integer.toString(TensorComparison.availableThreads())));
        if (options.containsKey("--read-left")) {
            Path l = Path.of(options.get("--read-left"));
            Path r = Path.of(options.get("--read-right"));
            print("machine: mapped read of both files", best(runs, () -> mappedRead(l, r)));
            return;
        }
        if (options.containsKey("--single-mib")) {
            single(Long.parseLong(options.get("--single-mib")), runs, threads,
                    Path.of(options.getOrDefault("--dir", System.getProperty("java.io.tmpdir"))));
            return;
        }
        if (options.containsKey("--generate")) {
            Path out = Path.of(options.get("--generate"));
            String name = options.getOrDefault("--dtype", "bfloat16");
            DType type = DType.fromTorchName("torch." + name).filter(t -> t.kind() == DType.Kind.FLOAT && t.elementSize() <= 4)
                    .orElseThrow(() -> new IllegalArgumentException("--dtype must be bfloat16, float16 or float32, not " + name));
            long rows = Long.parseLong(options.getOrDefault("--rows", Long.toString(ROWS)));
            long cols = Long.parseLong(options.getOrDefault("--cols", Long.toString(COLS)));
            Files.createDirectories(out);
            int tensors = (int) Math.max(1, (mib << 20) / (rows * cols * type.elementSize()));
            int noise = Integer.parseInt(options.getOrDefault("--noise-ulps", "0"));
            if (noise < 0 || noise > 64) throw new IllegalArgumentException("--noise-ulps must be 0 to 64, not " + noise);
            generate(out, out.resolve("left.pt"), out.resolve("right.pt"), type, tensors, rows, cols, noise);
            System.out.printf("wrote %s and %s: %d x %s [%d, %d] each%n", out.resolve("left.pt"), out.resolve("right.pt"),
                    tensors, name, rows, cols);
            return;
        }
        Path dir = Files.createTempDirectory(Path.of(options.getOrDefault("--dir", System.getProperty("java.io.tmpdir"))),
                "tdw-bench");
        System.out.printf("java %s, max heap %d MiB, %d cpus%n", System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
        try {
            Path bigLeft = dir.resolve("big-left.pt");
            Path bigRight = dir.resolve("big-right.pt");
            Path smallLeft = dir.resolve("small-left.pt");
            Path smallRight = dir.resolve("small-right.pt");
            int bigTensors = tensorsFor(mib);
            int smallTensors = tensorsFor(baselineMib);
            generate(dir, bigLeft, bigRight, DType.BFLOAT16, bigTensors, ROWS, COLS, 0);
            generate(dir, smallLeft, smallRight, DType.BFLOAT16, smallTensors, ROWS, COLS, 0);
            System.out.printf("payloads: %d x bf16 [%d, %d] = %.3f GiB each; baseline size %d x = %.3f GiB each%n",
                    bigTensors, ROWS, COLS, gib(bigTensors), smallTensors, gib(smallTensors));

            Measurement readBig = best(runs, () -> mappedRead(bigLeft, bigRight));
            Measurement mappedBig = best(runs, () -> mapped(bigLeft, bigRight, 1));
            Measurement parallelBig = best(runs, () -> mapped(bigLeft, bigRight, threads));
            Measurement mappedSmall = best(runs, () -> mapped(smallLeft, smallRight, 1));
            Measurement naiveSmall = best(runs, () -> naive(smallLeft, smallRight));
            if (Math.abs(mappedSmall.checksum() - naiveSmall.checksum()) > 1e-9 * Math.abs(naiveSmall.checksum())) {
                throw new IllegalStateException("mapped and naive comparisons disagree: " + mappedSmall.checksum()
                        + " vs " + naiveSmall.checksum());
            }
            if (mappedBig.checksum() != parallelBig.checksum()) {
                throw new IllegalStateException("1 and " + threads + " threads disagree: " + mappedBig.checksum() + " vs "
                        + parallelBig.checksum());
            }
            print("machine: mapped read of both files,   big pair  ", readBig);
            print("TensorComparison, 1 thread,           big pair  ", mappedBig);
            print(String.format("TensorComparison, %-2d threads,         big pair  ", threads), parallelBig);
            print("TensorComparison, 1 thread,           small pair", mappedSmall);
            print("naive heap baseline,                  small pair", naiveSmall);
            System.out.printf("big pair: %d threads %.2fx the wall rate of 1 thread; 1 thread at %.2f of the mapped-read"
                            + " rate per core, %d threads at %.2f of the mapped-read wall rate; metrics identical%n", threads,
                    mappedBig.seconds() / parallelBig.seconds(), mappedBig.gbPerCpuSecond() / readBig.gbPerCpuSecond(),
                    threads, parallelBig.gbPerSecond() / readBig.gbPerSecond());
            System.out.printf("ratio at equal size: throughput per core %.2fx, peak heap %.3fx (mapped / naive)%n",
                    mappedSmall.gbPerCpuSecond() / naiveSmall.gbPerCpuSecond(),
                    (double) mappedSmall.peakHeap() / naiveSmall.peakHeap());
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    private static int tensorsFor(long mib) {
        return (int) Math.max(1, (mib << 20) / (TENSOR_ELEMENTS * 2));
    }

    private static double gib(int tensors) {
        return tensors * TENSOR_ELEMENTS * 2 / (double) (1L << 30);
    }

    /**
     * One bf16 tensor of {@code mib} MiB per side (rounded down to whole rows of {@link #SINGLE_COLS}), compared whole on
     * 1 and {@code threads} threads with no element limit, next to the mapped read of the two files.
     */
    private static void single(long mib, int runs, int threads, Path parent) throws IOException {
        Path dir = Files.createTempDirectory(parent, "tdw-bench-single");
        try {
            long rows = (mib << 20) / 2 / SINGLE_COLS;
            Path left = dir.resolve("left.pt");
            Path right = dir.resolve("right.pt");
            generate(dir, left, right, DType.BFLOAT16, 1, rows, SINGLE_COLS, 0);
            long storage = rows * SINGLE_COLS * 2;
            System.out.printf("java %s, %d cpus; one bf16 tensor [%d, %d] per payload: %d bytes = %.2f GiB (one buffer"
                            + " spans at most %d)%n", System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors(), rows, SINGLE_COLS, storage, storage / (double) (1L << 30),
                    Integer.MAX_VALUE);
            Measurement read = best(runs, () -> mappedRead(left, right));
            Measurement one = best(runs, () -> mapped(left, right, 1, Long.MAX_VALUE));
            Measurement many = best(runs, () -> mapped(left, right, threads, Long.MAX_VALUE));
            if (one.checksum() != many.checksum()) {
                throw new IllegalStateException("1 and " + threads + " threads disagree: " + one.checksum() + " vs " + many.checksum());
            }
            print("machine: mapped read of both files       ", read);
            print("TensorComparison, 1 thread               ", one);
            print(String.format("TensorComparison, %-2d threads             ", threads), many);
            System.out.printf("%d threads %.2fx the wall rate of 1 thread, at %.2f of the mapped-read wall rate; metrics"
                    + " identical%n", threads, one.seconds() / many.seconds(), many.gbPerSecond() / read.gbPerSecond());
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    /**
     * Two payloads of {@code tensors} tensors of [rows, cols] of a float type (bf16, fp16 or fp32) whose elements differ
     * slightly: every 997th by one ulp of the type, or with {@code noiseUlps > 0} every one by -noiseUlps to +noiseUlps
     * ulps at random. The raw elements are generated into a scratch file mapped in chunks, so the heap stays small
     * while writing and one tensor may be larger than one buffer.
     */
    static void generate(Path dir, Path left, Path right, DType type, int tensors, long rows, long cols,
                                 int noiseUlps) throws IOException {
        Path scratch = dir.resolve("scratch.raw");
        int size = type.elementSize();
        long elements = tensors * rows * cols;
        long bytes = elements * size;
        long chunkBytes = StorageBytes.DEFAULT_CHUNK_BYTES;
        try (FileChannel ch = FileChannel.open(scratch, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ByteBuffer[] chunks = new ByteBuffer[(int) Math.max(1, (bytes + chunkBytes - 1) / chunkBytes)];
            for (int c = 0; c < chunks.length; c++) {
                long from = c * chunkBytes;
                chunks[c] = ch.map(FileChannel.MapMode.READ_WRITE, from, Math.min(chunkBytes, bytes - from))
                        .order(ByteOrder.LITTLE_ENDIAN);
            }
            long perChunk = chunkBytes / size;
            for (int side = 0; side < 2; side++) {
                long seed = 0x9E3779B97F4A7C15L;
                for (long i = 0; i < elements; i++) {
                    seed = seed * 6364136223846793005L + 1442695040888963407L;
                    int element = element(type, seed);
                    if (side == 1 && noiseUlps > 0) element += (int) (seed >>> 16 & 0xffff) % (2 * noiseUlps + 1) - noiseUlps;
                    else if (side == 1 && i % 997 == 0) element++;
                    ByteBuffer chunk = chunks[(int) (i / perChunk)];
                    int at = (int) (i % perChunk) * size;
                    if (size == 2) chunk.putShort(at, (short) element);
                    else chunk.putInt(at, element);
                }
                Storage storage = new Storage("raw", type, elements,
                        StorageBytes.ofChunks(chunks, chunkBytes, ByteOrder.LITTLE_ENDIAN));
                PayloadWriter writer = new PayloadWriter("ascend-tensor-dump/1", "bench", 0, Map.of("side", side));
                for (int t = 0; t < tensors; t++) {
                    writer.tensor("layers." + t + ".mlp.gate_up",
                            new Tensor(storage, t * rows * cols, new long[] {rows, cols}, new long[] {cols, 1}));
                }
                writer.write(side == 0 ? left : right);
            }
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    /**
     * The raw bits of one element from a random {@code seed}: a sign, one of four exponents (magnitudes from 0.5 to
     * just under 8, the same for every type) and random mantissa bits.
     */
    private static int element(DType type, long seed) {
        int high = (int) (seed >>> 40); // 24 bits: the bf16 pair of earlier runs is unchanged
        int wide = (int) (seed >>> 32);
        return switch (type) {
            case BFLOAT16 -> (high & 0x8000) | (126 + (high >>> 7 & 3)) << 7 | (high & 0x7f);
            case FLOAT16 -> (high & 0x8000) | (14 + (high >>> 10 & 3)) << 10 | (high & 0x3ff);
            case FLOAT32 -> (wide & 0x80000000) | (126 + (wide >>> 23 & 3)) << 23 | (wide & 0x7fffff);
            default -> throw new IllegalArgumentException("no generator for " + type);
        };
    }

    /** Wall time and the process's CPU time (every thread): on a shared machine the CPU time gives the per-core rate. */
    private record Measurement(double seconds, double cpuSeconds, long inputBytes, long peakHeap, double checksum) {
        double gbPerSecond() {
            return inputBytes / seconds / 1e9;
        }

        double gbPerCpuSecond() {
            return inputBytes / cpuSeconds / 1e9;
        }
    }

    /** What one comparison run read and a checksum of its metrics, so both implementations can be cross-checked. */
    private record Outcome(long inputBytes, double checksum) {}

    @FunctionalInterface
    private interface Run {
        Outcome run() throws IOException;
    }

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** Least wall time of several runs (the first pays for JIT compilation); peak heap is the largest of any run. */
    private static Measurement best(int runs, Run run) throws IOException {
        Measurement best = null;
        long peak = 0;
        for (int i = 0; i < runs; i++) {
            resetHeapPeaks();
            long cpuStart = OS.getProcessCpuTime();
            long start = System.nanoTime();
            Outcome outcome = run.run();
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (OS.getProcessCpuTime() - cpuStart) / 1e9;
            peak = Math.max(peak, heapPeak());
            Measurement m = new Measurement(seconds, cpuSeconds, outcome.inputBytes(), 0, outcome.checksum());
            if (best == null || m.seconds() < best.seconds()) best = m;
        }
        return new Measurement(best.seconds(), best.cpuSeconds(), best.inputBytes(), peak, best.checksum());
    }

    /** The floor: map both files afresh and sum every byte (as longs), which any comparison must at least read. */
    private static Outcome mappedRead(Path left, Path right) throws IOException {
        long sum = 0;
        for (Path p : new Path[] {left, right}) {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
                long size = ch.size();
                for (long at = 0; at < size; at += Integer.MAX_VALUE) {
                    java.nio.LongBuffer longs = ch.map(FileChannel.MapMode.READ_ONLY, at, Math.min(Integer.MAX_VALUE, size - at))
                            .order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
                    for (int i = 0, n = longs.limit(); i < n; i++) sum += longs.get(i);
                }
            }
        }
        // The sum is the checksum, so the reads cannot be optimised away.
        return new Outcome(Files.size(left) + Files.size(right), sum);
    }

    private static Outcome mapped(Path left, Path right, int threads) throws IOException {
        return mapped(left, right, threads, TensorComparison.DEFAULT_MAX_ELEMENTS);
    }

    private static Outcome mapped(Path left, Path right, int threads, long maxElements) throws IOException {
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(left); Payload r = reader.read(right)) {
            TensorsResult result = new TensorComparison(TensorComparison.DEFAULT_ATOL, TensorComparison.DEFAULT_RTOL,
                    maxElements).withThreads(threads).compare(l, r);
            if (result.compared() != l.entries().size() || !result.evidenceGaps().isEmpty()) {
                throw new IllegalStateException("benchmark pairs were not all compared");
            }
            double checksum = 0;
            for (TensorPairResult item : result.items()) {
                TensorMetrics.Compared c = (TensorMetrics.Compared) item.metrics();
                checksum += c.mismatchCount() + c.floats().maxAbsDiff() + c.floats().meanAbsDiff()
                        + c.floats().cosine().orElse(0) + c.floats().relL2().orElse(0) + (c.floats().allclose() ? 1 : 0);
            }
            return new Outcome(Files.size(left) + Files.size(right), checksum);
        }
    }

    /** What a straightforward implementation does: whole files into the heap, each tensor into a float[]. */
    private static Outcome naive(Path left, Path right) throws IOException {
        byte[] l = Files.readAllBytes(left);
        byte[] r = Files.readAllBytes(right);
        double checksum = 0;
        try (ZipInputStream zl = new ZipInputStream(new ByteArrayInputStream(l));
             ZipInputStream zr = new ZipInputStream(new ByteArrayInputStream(r))) {
            for (ZipEntry el = zl.getNextEntry(), er = zr.getNextEntry(); el != null && er != null;
                 el = zl.getNextEntry(), er = zr.getNextEntry()) {
                if (!el.getName().contains("/data/")) continue;
                float[] a = bf16ToFloats(zl.readAllBytes());
                float[] b = bf16ToFloats(zr.readAllBytes());
                long mismatches = 0;
                long notClose = 0;
                double sumAbs = 0, maxAbs = 0, dot = 0, aa = 0, bb = 0, dd = 0;
                for (int i = 0; i < a.length; i++) {
                    double x = a[i];
                    double y = b[i];
                    double d = x - y;
                    if (x != y) mismatches++;
                    if (!(Math.abs(d) <= 1e-2 + 1e-2 * Math.abs(y))) notClose++;
                    sumAbs += Math.abs(d);
                    maxAbs = Math.max(maxAbs, Math.abs(d));
                    dot += x * y;
                    aa += x * x;
                    bb += y * y;
                    dd += d * d;
                }
                checksum += mismatches + maxAbs + sumAbs / a.length + dot / (Math.sqrt(aa) * Math.sqrt(bb))
                        + Math.sqrt(dd) / Math.sqrt(bb) + (notClose == 0 ? 1 : 0);
            }
        }
        return new Outcome(l.length + (long) r.length, checksum);
    }

    private static float[] bf16ToFloats(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[bytes.length / 2];
        for (int i = 0; i < out.length; i++) out[i] = Float.intBitsToFloat(b.getShort(i * 2) << 16);
        return out;
    }

    private static void resetHeapPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) pool.resetPeakUsage();
        }
    }

    /** Sum of the heap pools' peaks since the reset: an upper bound of the simultaneous peak. */
    private static long heapPeak() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) sum += pool.getPeakUsage().getUsed();
        }
        return sum;
    }

    private static void print(String what, Measurement m) {
        System.out.printf("%s: %.3f GB input, wall %.3f s = %.2f GB/s, process CPU %.3f s = %.2f GB/s per core,"
                        + " peak heap %.1f MiB%n", what, m.inputBytes() / 1e9, m.seconds(), m.gbPerSecond(), m.cpuSeconds(),
                m.gbPerCpuSecond(), m.peakHeap() / (double) (1 << 20));
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) throw new IllegalArgumentException("unexpected argument " + args[i]);
            out.put(args[i], args[i + 1]);
        }
        return out;
    }
}
