package dev.tdw.model.compare;

import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.input.InputException;
import dev.tdw.model.msprobe.DumpTensorData;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.tensor.ElementCodec;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.StridedRows;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.NpyReader;
import dev.tdw.model.tensor.PayloadReader;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code tensors} comparison of two tensor-mode msprobe dumps (one manifest each): stages are paired as
 * {@link MsprobeDiff} pairs them, and every pair whose both sides name a tensor file ({@code data_name}) is compared by
 * the contract's rules ({@link TensorComparison}) and by msprobe's own metrics ({@link MsprobeMetrics}), in execution
 * order. Plain arguments are left to {@code diff}. A tensor stage of one side only (unpaired, or with a tensor file on
 * one side only) is coverage.
 *
 * <p>One rule differs from probe payloads, as in msprobe's compare: NaN and infinities that are the same values in the
 * same positions on both sides (a causal mask's {@code -inf}) are equal elements; the pair is then compared on copies
 * with those elements set to 0 (a copy of at most 2 GiB per side; a larger pair keeps the contract's non-finite
 * finding). Any other non-finite element fails as in the contract.
 *
 * <p>Tensor files are opened one pair at a time and closed before the next, so a dump of any size holds two open.
 */
public final class MsprobeTensors {
    /**
     * What one compared stage adds to the contract's pair result.
     *
     * @param nonFiniteMatched elements that were NaN or infinite with the same value on both sides (compared as equal)
     * @param leftFile         the left tensor file's name ({@code data_name})
     */
    public record Extra(MsprobeMetrics msprobe, long nonFiniteMatched, String leftFile, String rightFile) {}

    /** The contract's result, keyed like a diff's stages, with each compared key's {@link Extra}. */
    public record Result(TensorsResult tensors, Map<String, Extra> extras) {
        public Result {
            extras = Collections.unmodifiableMap(new LinkedHashMap<>(extras));
        }
    }

    private final TensorComparison comparison;
    /** Tensor files up to this size are read into the heap: many small mapped files would add up in the resident set. */
    static final long HEAP_READ_BYTES = 64L << 20;
    private final PayloadReader pt = new PayloadReader().withHeapStorages(HEAP_READ_BYTES);
    private final NpyReader npy = new NpyReader();

    public MsprobeTensors(TensorComparison comparison) {
        this.comparison = comparison;
    }

    /**
     * Compares the tensor files of two manifests read from msprobe dumps. A dump without tensor files (statistics
     * mode) or a tensor file that cannot be read is an {@link InputException} naming the file and the cause.
     */
    public Result compare(Manifest left, Manifest right) throws IOException {
        DiffResult paired = MsprobeDiff.of(left, right, comparison.tolerance());
        Map<String, StageRecord> leftRecords = byKey(left), rightRecords = byKey(right);
        if (leftRecords.values().stream().noneMatch(MsprobeTensors::hasFile)
                && rightRecords.values().stream().noneMatch(MsprobeTensors::hasFile)) {
            throw new CaptureFormatException(left.path(), "names no tensor file (no data_name: a statistics dump); "
                    + "tdw diff compares its statistics");
        }
        List<TensorPairResult> items = new ArrayList<>();
        Map<String, Extra> extras = new LinkedHashMap<>();
        List<String> onlyInLeft = new ArrayList<>(), onlyInRight = new ArrayList<>();
        for (StageDiff s : paired.stages()) {
            boolean l = hasFile(s.left()), r = hasFile(s.right());
            if (l && r) {
                compare(s.key(), left, s.left(), right, s.right(), items, extras);
            } else if (l) {
                onlyInLeft.add(s.key());
            } else if (r) {
                onlyInRight.add(s.key());
            }
        }
        for (String k : paired.onlyInLeft()) if (hasFile(leftRecords.get(k))) onlyInLeft.add(k);
        for (String k : paired.onlyInRight()) if (hasFile(rightRecords.get(k))) onlyInRight.add(k);
        return new Result(comparison.result(items, onlyInLeft, onlyInRight), extras);
    }

    private void compare(String key, Manifest left, StageRecord l, Manifest right, StageRecord r,
                         List<TensorPairResult> items, Map<String, Extra> extras) throws IOException {
        String leftName = MsprobeEntry.of(l).dataName(), rightName = MsprobeEntry.of(r).dataName();
        try (Payload lp = open(left, leftName, l.stage()); Payload rp = open(right, rightName, r.stage())) {
            PayloadEntry le = rename(lp.entries().get(0), key), re = rename(rp.entries().get(0), key);
            TensorPairResult pair = comparison.comparePair(le, re);
            long matched = 0;
            if (pair.metrics() instanceof TensorMetrics.NonFinite) {
                Tensor[] zeroed = MappedRead.guard(() -> zeroedCopies(le.tensor(), re.tensor()), le.tensor(), re.tensor());
                if (zeroed != null) {
                    matched = nonFinite(le.tensor());
                    pair = comparison.comparePair(copy(le, zeroed[0]), copy(re, zeroed[1]));
                }
            }
            MsprobeMetrics metrics = MappedRead.guard(() -> MsprobeMetrics.of(le.tensor(), re.tensor()), le.tensor(), re.tensor());
            items.add(pair);
            extras.put(key, new Extra(metrics, matched, leftName, rightName));
        }
    }

    private Payload open(Manifest m, String dataName, String stage) throws IOException {
        DumpTensorData.TensorFile file = DumpTensorData.resolve(m.path(), dataName);
        return switch (file.format()) {
            case PT -> pt.readTensor(file.path(), stage);
            case NPY -> npy.read(file.path(), stage);
        };
    }

    private static PayloadEntry rename(PayloadEntry e, String key) {
        return PayloadEntry.tensor(key, e.section(), e.stage(), null, e.tensor());
    }

    private static PayloadEntry copy(PayloadEntry e, Tensor t) {
        return PayloadEntry.tensor(e.key(), e.section(), e.stage(), null, t);
    }

    /** Whether the record is an msprobe tensor with a tensor file ({@code data_name}): what this compares. */
    public static boolean hasFile(StageRecord r) {
        MsprobeEntry e = MsprobeEntry.of(r);
        return e != null && e.dataName() != null;
    }

    private static Map<String, StageRecord> byKey(Manifest m) {
        Map<String, StageRecord> out = new HashMap<>();
        for (StageRecord r : m.records()) out.put(r.key().toString(), r);
        return out;
    }

    private static long nonFinite(Tensor t) {
        long[] count = {0};
        StridedRows.forEach(t, (start, stride, n) -> {
            for (int i = 0; i < n; i++) {
                if (!Double.isFinite(ElementCodec.readDouble(t.bytes(), t.dtype(), start + i * stride))) count[0]++;
            }
        });
        return count[0];
    }

    /**
     * Contiguous copies of two tensors of one shape and dtype with every element that is non-finite, and the same value
     * on both sides, set to 0; null when a non-finite element differs from the other side's, or a copy would pass 2 GiB.
     */
    static Tensor[] zeroedCopies(Tensor left, Tensor right) {
        int size = left.dtype().elementSize();
        long bytes = left.numel() * size;
        if (bytes > Integer.MAX_VALUE - 8) return null;
        byte[] l = new byte[(int) bytes], r = new byte[(int) bytes];
        boolean[] same = {true};
        long[] at = {0};
        StridedRows.forEachPair(left.shape(), left.stride(), left.storageOffset(), right.stride(), right.storageOffset(),
                (startL, strideL, startR, strideR, n) -> {
                    for (int i = 0; i < n && same[0]; i++) {
                        long il = startL + i * strideL, ir = startR + i * strideR;
                        double a = ElementCodec.readDouble(left.bytes(), left.dtype(), il);
                        double b = ElementCodec.readDouble(right.bytes(), right.dtype(), ir);
                        int to = (int) (at[0]++ * size);
                        if (Double.isFinite(a) && Double.isFinite(b)) {
                            left.bytes().get(il * size, l, to, size);
                            right.bytes().get(ir * size, r, to, size);
                        } else if (Double.compare(a, b) != 0) {
                            same[0] = false;
                        } // else: the same non-finite value on both sides, left as 0
                    }
                });
        if (!same[0]) return null;
        return new Tensor[] {contiguous(left, l), contiguous(right, r)};
    }

    private static Tensor contiguous(Tensor like, byte[] bytes) {
        Storage s = new Storage("zeroed", like.dtype(), like.numel(), ByteBuffer.wrap(bytes).order(like.storage().order()));
        long[] shape = like.shape();
        long[] stride = new long[shape.length];
        long step = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            stride[d] = step;
            step *= Math.max(1, shape[d]);
        }
        return new Tensor(s, 0, shape, stride);
    }
}
