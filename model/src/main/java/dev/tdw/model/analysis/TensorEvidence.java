package dev.tdw.model.analysis;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.MsprobeTensors;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorMetrics;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.Tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tensor comparison of a whole pair, as findings of its analysis: the contract's {@code tensors}
 * result, each stage key's verdict in merged stage order, graph slots compared with the eager stage
 * of the same name (cross-mode), and the first stage whose tensors mismatch.
 *
 * @param stages          one entry per stage of the analysis, in merged order
 * @param firstMismatch   the first stage in merged stage order whose tensors FAIL, or null (the contract's
 *                        {@code first_mismatch} is the first failing payload key, in payload order: tensors before inputs)
 * @param msprobe         for msprobe tensor dumps, what each compared stage key adds (msprobe's metrics, the files);
 *                        empty for probe payloads
 */
public record TensorEvidence(TensorsResult result, List<StageTensors> stages, List<CrossModePair> crossMode, String firstMismatch,
                             Map<String, MsprobeTensors.Extra> msprobe) {
    public TensorEvidence {
        stages = List.copyOf(stages);
        crossMode = List.copyOf(crossMode);
        msprobe = Collections.unmodifiableMap(new LinkedHashMap<>(msprobe));
    }

    /**
     * The tensor files of two msprobe tensor dumps ({@link MsprobeTensors}, compared by the rules of {@code tdw tensors})
     * attributed to the analysis's stages: a stage key is its own tensor's item (the comparison pairs stages as the diff
     * does), a stage with a tensor file on one side only or none is NOT_SAVED.
     */
    public static TensorEvidence ofMsprobe(PairAnalysis a, MsprobeTensors.Result compared) {
        Map<String, TensorPairResult> byKey = new HashMap<>();
        for (TensorPairResult item : compared.tensors().items()) byKey.put(item.key(), item);
        List<StageTensors> stages = new ArrayList<>();
        for (StageFindings s : a.stages()) {
            TensorPairResult item = byKey.get(s.key());
            if (item != null) {
                stages.add(judged(s.key(), List.of(item), null, null));
                continue;
            }
            boolean l = MsprobeTensors.hasFile(s.left()), r = MsprobeTensors.hasFile(s.right());
            String side = !l && !r ? "either side" : !l ? "the left" : "the right";
            stages.add(new StageTensors(s.key(), StageTensors.Status.NOT_SAVED, 0, null, side, null, null, null, List.of(), null));
        }
        String first = stages.stream().filter(t -> t.status() == StageTensors.Status.FAIL).map(StageTensors::key).findFirst().orElse(null);
        return new TensorEvidence(compared.tensors(), stages, List.of(), first, compared.extras());
    }


    public Optional<StageTensors> find(String key) {
        return stages.stream().filter(s -> s.key().equals(key)).findFirst();
    }

    /**
     * Compares both payloads (the contract's pass, {@link TensorComparison}) and attributes every pair
     * to its stage. Payload keys count saved tensors (and saved input sets) of a stage, record keys
     * count every record, so the stage of a payload key comes from walking the manifest. The payloads are read under
     * {@link MappedRead#guard}: one cut while it is read is an error naming it ("changed while reading").
     */
    public static TensorEvidence of(PairAnalysis a, Payload left, Payload right, double atol, double rtol, long maxElements)
            throws PayloadFormatException {
        return MappedRead.guard(() -> compared(a, left, right, atol, rtol, maxElements), left, right);
    }

    private static TensorEvidence compared(PairAnalysis a, Payload left, Payload right, double atol, double rtol, long maxElements)
            throws PayloadFormatException {
        TensorComparison comparison = new TensorComparison(atol, rtol, maxElements);
        TensorsResult result = comparison.compare(left, right);
        Map<String, TensorPairResult> byPayloadKey = new HashMap<>();
        for (TensorPairResult item : result.items()) byPayloadKey.put(item.key(), item);
        Map<String, List<PayloadEntry>> leftEntries = entriesByRecord(a.left(), left), rightEntries = entriesByRecord(a.right(), right);
        List<StageTensors> stages = new ArrayList<>();
        for (StageFindings s : a.stages()) {
            stages.add(stage(s, leftEntries.getOrDefault(s.key(), List.of()), rightEntries.getOrDefault(s.key(), List.of()), byPayloadKey));
        }
        List<CrossModePair> cross = new ArrayList<>();
        crossMode(left, a.left(), right, false, comparison, maxElements, cross);
        crossMode(right, a.right(), left, true, comparison, maxElements, cross);
        // A stage graph replay skipped on one side is judged by the slot of its name (said to be cross-mode).
        for (CrossModePair p : cross) {
            for (int i = 0; i < stages.size(); i++) {
                StageTensors t = stages.get(i);
                if (t.key().equals(p.stageKey()) && t.status() == StageTensors.Status.NOT_SAVED) stages.set(i, t.judgedBy(p));
            }
        }
        String first = stages.stream().filter(s -> s.status() == StageTensors.Status.FAIL).map(StageTensors::key).findFirst().orElse(null);
        return new TensorEvidence(result, stages, cross, first, Map.of());
    }

    private static StageTensors stage(StageFindings s, List<PayloadEntry> left, List<PayloadEntry> right,
                                      Map<String, TensorPairResult> pairs) {
        RowsSaved leftRows = rows(s.left(), left), rightRows = rows(s.right(), right);
        if (left.isEmpty() || right.isEmpty()) {
            String side = left.isEmpty() && right.isEmpty() ? "either side" : left.isEmpty() ? "the left" : "the right";
            return new StageTensors(s.key(), StageTensors.Status.NOT_SAVED, 0, null, side, null, leftRows, rightRows, List.of(), null);
        }
        List<TensorPairResult> items = new ArrayList<>();
        for (PayloadEntry e : left) {
            TensorPairResult r = pairs.get(e.key());
            if (r != null) items.add(r);
        }
        if (items.isEmpty()) {
            return new StageTensors(s.key(), StageTensors.Status.GAP, 0, "saved under different payload keys on the two sides", null, null,
                    leftRows, rightRows, items, null);
        }
        return judged(s.key(), items, leftRows, rightRows);
    }

    /** A stage judged by its compared pairs (at least one): FAIL when one fails, GAP when none was comparable, else PASS. */
    private static StageTensors judged(String key, List<TensorPairResult> items, RowsSaved leftRows, RowsSaved rightRows) {
        long mismatches = 0, gaps = 0;
        String failReason = null, gapReason = null, firstFailing = null;
        for (TensorPairResult r : items) {
            if (r.failed()) {
                if (firstFailing == null) firstFailing = r.key();
                if (r.metrics() instanceof TensorMetrics.Compared c) mismatches += c.mismatchCount();
                else if (failReason == null) failReason = reason(r.metrics());
            } else if (r.gap()) {
                gaps++;
                if (gapReason == null) gapReason = reason(r.metrics());
            }
        }
        // An input set whose tensors agree and whose plain values (epsilon) are gaps passes, and says what it left out.
        StageTensors.Status status = firstFailing != null ? StageTensors.Status.FAIL
                : gaps == items.size() ? StageTensors.Status.GAP : StageTensors.Status.PASS;
        String reason = switch (status) {
            case FAIL -> failReason;
            case GAP -> gapReason;
            default -> gaps == 0 ? null : gaps + " of " + items.size() + " not compared: " + gapReason;
        };
        return new StageTensors(key, status, mismatches, reason, null, firstFailing, leftRows, rightRows, items, null);
    }

    /** Why a pair failed without an element count, or is a gap: the contract's reason, or the non-finite counts. */
    private static String reason(TensorMetrics m) {
        if (m instanceof TensorMetrics.NotComparable nc) return nc.reason().text();
        if (m instanceof TensorMetrics.NonFinite nf) return "non-finite values (left " + nf.leftNonfinite() + ", right " + nf.rightNonfinite() + ")";
        return null;
    }

    private static RowsSaved rows(StageRecord record, List<PayloadEntry> entries) {
        if (record == null || record.isInputSet() || entries.size() != 1 || !entries.get(0).isTensor()) return null;
        return RowsSaved.of(entries.get(0).tensor().shape(), record.layout().shape());
    }

    /** Each record's payload entries: its saved tensor, or every input of its saved input set. */
    private static Map<String, List<PayloadEntry>> entriesByRecord(Manifest m, Payload p) {
        // Indexed once: a payload can hold thousands of entries.
        Map<String, PayloadEntry> byKey = new HashMap<>();
        Map<StageKey, List<PayloadEntry>> inputsBySet = new HashMap<>();
        for (PayloadEntry e : p.entries()) {
            byKey.putIfAbsent(e.key(), e);
            if (e.section() == PayloadEntry.Section.INPUTS) {
                inputsBySet.computeIfAbsent(new StageKey(e.stage(), StageKey.parse(e.key()).n()), k -> new ArrayList<>()).add(e);
            }
        }
        Map<String, List<PayloadEntry>> out = new LinkedHashMap<>();
        StageKey.Counter tensors = new StageKey.Counter(), inputSets = new StageKey.Counter();
        for (StageRecord r : m.records()) {
            if (r.isInputSet()) {
                if (!Boolean.TRUE.equals(r.inputSetSaved())) continue;
                List<PayloadEntry> inputs = inputsBySet.get(inputSets.next(r.stage()));
                if (inputs != null) out.put(r.key().toString(), List.copyOf(inputs));
            } else if (Boolean.TRUE.equals(r.tensorSaved())) {
                PayloadEntry e = byKey.get(tensors.next(r.stage()).toString());
                if (e != null) out.put(r.key().toString(), List.of(e));
            }
        }
        return out;
    }

    /**
     * Graph slots of {@code slots} whose name is a stage with a saved tensor in {@code eager} (same n):
     * compared over the rows both hold. A slot key present on both sides is an ordinary pair already.
     */
    private static void crossMode(Payload eager, Manifest eagerManifest, Payload slots, boolean slotOnLeft, TensorComparison comparison,
                                  long maxElements, List<CrossModePair> out) throws PayloadFormatException {
        for (PayloadEntry slot : slots.entries()) {
            if (slot.section() != PayloadEntry.Section.GRAPH_SLOTS || !slot.isTensor() || eager.entry(slot.key()).isPresent()) continue;
            String payloadKey = new StageKey(slot.stage(), StageKey.parse(slot.key()).n()).toString();
            Optional<PayloadEntry> stage = eager.entry(payloadKey).filter(e -> e.section() == PayloadEntry.Section.TENSORS && e.isTensor());
            Optional<StageRecord> record = savedRecord(eagerManifest, payloadKey);
            if (stage.isEmpty() || record.isEmpty()) continue;
            List<Long> layout = record.get().layout().shape();
            long layoutRows = layout == null || layout.isEmpty() ? -1 : layout.get(0);
            out.add(pair(slot.key(), record.get().key().toString(), slotOnLeft, slot.tensor(), stage.get().tensor(), layoutRows,
                    comparison, maxElements));
        }
    }

    /** The record whose saved tensor is stored under {@code payloadKey}. */
    private static Optional<StageRecord> savedRecord(Manifest m, String payloadKey) {
        StageKey.Counter tensors = new StageKey.Counter();
        for (StageRecord r : m.records()) {
            if (r.isInputSet() || !Boolean.TRUE.equals(r.tensorSaved())) continue;
            if (tensors.next(r.stage()).toString().equals(payloadKey)) return Optional.of(r);
        }
        return Optional.empty();
    }

    private static CrossModePair pair(String slotKey, String stageKey, boolean slotOnLeft, Tensor slot, Tensor stage, long layoutRows,
                                      TensorComparison comparison, long maxElements) throws PayloadFormatException {
        long[] s = slot.shape(), e = stage.shape();
        long cols = s.length < 1 ? 0 : Arrays.stream(s).skip(1).reduce(1, Math::multiplyExact);
        long slotRows = s.length == 0 ? 1 : s[0];
        long[] unwritten = unwrittenRows(slot, maxElements);
        if (s.length != e.length || s.length == 0 || !Arrays.equals(Arrays.copyOfRange(s, 1, s.length), Arrays.copyOfRange(e, 1, e.length))) {
            return new CrossModePair(slotKey, stageKey, slotOnLeft, 0, cols, false, slotRows, layoutRows, unwritten[0], unwritten[1],
                    new TensorMetrics.NotComparable(TensorMetrics.Reason.SHAPE_MISMATCH));
        }
        long rows = Math.min(s[0], e[0]);
        boolean trimmed = layoutRows >= 0 && slotRows < layoutRows;
        Tensor l = slotOnLeft ? leadingRows(slot, rows) : leadingRows(stage, rows);
        Tensor r = slotOnLeft ? leadingRows(stage, rows) : leadingRows(slot, rows);
        return new CrossModePair(slotKey, stageKey, slotOnLeft, rows, cols, trimmed, slotRows, layoutRows, unwritten[0], unwritten[1],
                comparison.compareTensors(l, r));
    }

    private static Tensor leadingRows(Tensor t, long rows) {
        long[] shape = t.shape();
        shape[0] = rows;
        return new Tensor(t.storage(), t.storageOffset(), shape, t.stride());
    }

    /**
     * {count, first} of the slot's trailing rows whose elements are all zero: rows a graph copy never
     * reached. Not counted (0) for a slot over {@code maxElements}, a bound on the work.
     */
    private static long[] unwrittenRows(Tensor slot, long maxElements) {
        long[] shape = slot.shape();
        if (shape.length < 2 || slot.numel() > maxElements || slot.numel() == 0) return new long[]{0, -1};
        long cols = slot.numel() / shape[0];
        long row = shape[0] - 1;
        for (; row >= 0; row--) {
            boolean zero = true;
            for (long j = 0; j < cols && zero; j++) zero = slot.getDouble(row * cols + j) == 0;
            if (!zero) break;
        }
        long count = shape[0] - 1 - row;
        return count == 0 ? new long[]{0, -1} : new long[]{count, row + 1};
    }
}
