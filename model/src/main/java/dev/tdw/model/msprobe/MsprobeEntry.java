package dev.tdw.model.msprobe;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;

import java.util.List;

/**
 * What an msprobe stage carries beyond tdw's record: kept in {@link StageRecord#extra()} under {@link #KEY}.
 *
 * @param kind         a tensor, a plain argument (its {@code value}) or an absent argument ({@code null} in the dump)
 * @param type         msprobe's {@code type} ({@code torch.Tensor}, {@code int}, ...); null for an absent argument
 * @param norm         the tensor's L2 norm, null when msprobe wrote none (integer tensors)
 * @param requiresGrad null when not written
 * @param md5          the CRC-32 msprobe writes as {@code md5} in its md5 summary mode, or null
 * @param xor          the {@code xor} checksum, or null
 * @param dataName     the tensor file in tensor mode, or null
 * @param value        a plain argument's value as JSON text ({@code 1}, {@code 1.01}, {@code true}, {@code [2, 16]})
 * @param direction    forward or backward (backward entries and parameter gradients)
 * @param op           the {@code dump.json} entry the stage belongs to ({@code Tensor.__mul__.28.forward})
 * @param role         input, output or parameters of that entry
 * @param modules      the modules that enclose the entry in {@code construct.json}, outermost first (the last is its
 *                     parent); empty when construct.json has none (level L1) or was not read
 * @param stack        the entry's call stack from {@code stack.json} (shared by the entry's stages), empty when none
 * @param groupRanks   the ranks of a process-group argument of a communication op ({@code group_ranks}), else null
 */
public record MsprobeEntry(Kind kind, String type, Double norm, Boolean requiresGrad, String md5, String xor,
                           String dataName, String value, Direction direction, String op, Role role, List<String> modules,
                           List<String> stack, List<Integer> groupRanks) {
    /** The key of {@link StageRecord#extra()} that holds it. */
    public static final String KEY = "msprobe";
    /** The manifest's {@code probe} marker of a manifest read from an msprobe dump: the format outputs name. */
    public static final String FORMAT = "msprobe";

    /** The manifest flag (in its extra fields) that asks the first-divergence search to include backward stages. */
    public static final String SEARCH_BACKWARD = "search_backward";

    /** The manifest's extra field holding its {@link MsprobePairing} when not exact (the keys were made by it). */
    public static final String PAIRING = "pairing";

    /** How the manifest's stage keys were made. */
    public static MsprobePairing pairing(Manifest m) {
        return m.extra().get(PAIRING) instanceof MsprobePairing p ? p : MsprobePairing.EXACT;
    }

    public enum Kind { TENSOR, VALUE, ABSENT }

    public enum Direction { FORWARD, BACKWARD }

    public enum Role { INPUT, OUTPUT, PARAMETERS, PARAMETERS_GRAD }

    public MsprobeEntry {
        modules = modules == null ? List.of() : modules;
        stack = stack == null ? List.of() : stack;
    }

    /** The entry's parent module in {@code construct.json}, or null. */
    public String module() { return modules.isEmpty() ? null : modules.get(modules.size() - 1); }

    /**
     * Where the entry sits in the module tree: its enclosing modules, and the entry itself when it is a module's own
     * entry ({@code Module.*}), so that a module's inputs and outputs sit with the ops it ran.
     */
    public List<String> treePath() {
        if (!op.startsWith("Module.")) return modules;
        List<String> path = new java.util.ArrayList<>(modules);
        path.add(op);
        return List.copyOf(path);
    }

    /** The record's entry, or null for a record of a probe manifest. */
    public static MsprobeEntry of(StageRecord r) {
        return r != null && r.extra().get(KEY) instanceof MsprobeEntry e ? e : null;
    }

    /** Whether the manifest was read from an msprobe dump. */
    public static boolean isMsprobe(Manifest m) { return FORMAT.equals(m.probe()); }

    /** The tensor's checksum: {@code md5} (a CRC-32 in msprobe's md5 mode) or {@code xor}; null when neither was written. */
    public String checksum() { return md5 != null ? md5 : xor; }

    /** A communication op ({@code Distributed.*}): the clock between ranks (docs/capture-format.md). */
    public boolean communication() { return op.startsWith("Distributed."); }

    /**
     * Whether the record carries all the statistics msprobe writes for it: any plain or absent argument (they have
     * none), and a tensor with Max and Min (msprobe writes no Mean and Norm for integer tensors) or a checksum.
     */
    public static boolean complete(StageRecord r) {
        MsprobeEntry e = of(r);
        if (e.kind != Kind.TENSOR) return true;
        return e.checksum() != null || (r.summary() != null && r.summary().min() != null && r.summary().max() != null);
    }
}
