package dev.tdw.model.msprobe;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One msprobe op on both sides of a pair, side by side: where it ran in the module tree, its plain (scalar) arguments,
 * for a communication op its group's ranks, and its call stack. The window's detail shows it for the selected stage and
 * {@code tdw diff} reports it for the first divergence (docs/msprobe.md, "The op of the first divergence").
 *
 * @param left       the op as the left dump tells it, or null when the left side did not capture it
 * @param right      the same on the right
 * @param arguments  each plain argument by name, in {@code dump.json} order (the left side's first)
 * @param groupRanks the process group's ranks, or null unless a side records them
 */
public record MsprobeOpPair(MsprobeOp left, MsprobeOp right, List<Value> arguments, Ranks groupRanks) {
    public MsprobeOpPair {
        arguments = List.copyOf(arguments);
    }

    /**
     * A plain argument on both sides: its type and value as written ({@code int 0}), null on a side that captured the op
     * without this argument or did not capture the op; {@code differs} only when both sides captured the op.
     */
    public record Value(String name, String left, String right, boolean differs) {}

    /** The group's ranks on each side (null where not recorded); {@code differs} only when both sides captured the op. */
    public record Ranks(List<Integer> left, List<Integer> right, boolean differs) {}

    /**
     * The op of {@code left} and {@code right}, each side's records of one op in dump order (null ones are skipped), or
     * null when neither side was read from an msprobe dump.
     */
    static MsprobeOpPair of(List<StageRecord> left, List<StageRecord> right) {
        MsprobeOp l = MsprobeOp.of(left), r = MsprobeOp.of(right);
        if (l == null && r == null) return null;
        boolean both = l != null && r != null;
        Map<String, String[]> byName = new LinkedHashMap<>();
        if (l != null) for (MsprobeOp.Argument a : l.arguments()) byName.computeIfAbsent(a.name(), k -> new String[2])[0] = a.type() + " " + a.value();
        if (r != null) for (MsprobeOp.Argument a : r.arguments()) byName.computeIfAbsent(a.name(), k -> new String[2])[1] = a.type() + " " + a.value();
        List<Value> arguments = new ArrayList<>(byName.size());
        byName.forEach((name, v) -> arguments.add(new Value(name, v[0], v[1], both && !Objects.equals(v[0], v[1]))));
        List<Integer> lr = l == null ? null : l.groupRanks(), rr = r == null ? null : r.groupRanks();
        Ranks ranks = lr == null && rr == null ? null : new Ranks(lr, rr, both && !Objects.equals(lr, rr));
        return new MsprobeOpPair(l, r, arguments, ranks);
    }

    /**
     * The op of a stage of a pair: {@code l} and {@code r} are the stage's records (null where a side lacks the stage);
     * each side's op is its record's entry ({@code dump.json} names an entry once, so its stages are the records of that
     * name; under {@code --fuzzy} the sides' names may differ), or the other side's name where it lacks the stage.
     * Null for a probe capture's stage.
     */
    public static MsprobeOpPair at(Manifest left, StageRecord l, Manifest right, StageRecord r) {
        MsprobeEntry le = MsprobeEntry.of(l), re = MsprobeEntry.of(r);
        if (le == null && re == null) return null;
        return of(records(left, le != null ? le.op() : re.op()), records(right, re != null ? re.op() : le.op()));
    }

    private static List<StageRecord> records(Manifest m, String op) {
        List<StageRecord> out = new ArrayList<>();
        for (StageRecord r : m.records()) {
            MsprobeEntry e = MsprobeEntry.of(r);
            if (e != null && e.op().equals(op)) out.add(r);
        }
        return out;
    }

    /** The side whose name, modules and stack are shown: the left when it captured the op. */
    public MsprobeOp shown() { return left != null ? left : right; }

    /** Whether the shown stack is the right side's (the left did not capture the op). */
    public boolean stackFromRight() { return left == null; }

    /** Whether both sides captured the op and their call stacks differ (the left's is the one shown). */
    public boolean stackDiffers() {
        return left != null && right != null && !left.stack().equals(right.stack());
    }

    /**
     * The shown call stack one line per line of text: msprobe writes a frame as {@code File …, line N, in f, \n code};
     * the frame's first line as is, its code indented under it.
     */
    public List<String> stackLines() {
        List<String> frames = shown().stack();
        List<String> out = new ArrayList<>(frames.size() * 2);
        for (String f : frames) {
            String[] parts = f.split("\n", -1);
            out.add(parts[0].strip());
            for (int i = 1; i < parts.length; i++) if (!parts[i].isBlank()) out.add("    " + parts[i].strip());
        }
        return out;
    }
}
