package dev.tdw.model.msprobe;

import dev.tdw.model.capture.StageRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * One op of an msprobe dump as its context tells it: where it sits in {@code construct.json}'s module tree, its call
 * stack from {@code stack.json}, its plain (scalar) arguments and, for a communication op whose dump records its process
 * group, the group's ranks.
 *
 * @param modules    the enclosing modules, outermost first; empty when construct.json has none (level L1)
 * @param stack      the call stack's frames as msprobe wrote them, innermost first; empty when stack.json has none
 * @param arguments  the plain arguments in {@code dump.json} order
 * @param groupRanks the ranks of the op's process group, or null when the dump records none
 */
public record MsprobeOp(String op, MsprobeEntry.Direction direction, List<String> modules, List<String> stack,
                        List<Argument> arguments, List<Integer> groupRanks) {
    public MsprobeOp {
        arguments = List.copyOf(arguments);
    }

    /**
     * A plain argument: its name within the op as msprobe's compare names the row ({@code input.1},
     * {@code input.keepdim}), its type and its value as written.
     */
    public record Argument(String name, String type, String value) {}

    /** Whether the op is a communication op ({@code Distributed.*}). */
    public boolean communication() { return op.startsWith("Distributed."); }

    /**
     * The op of {@code records}, the records of one op in dump order (null ones, absent on this side, are skipped);
     * null when none of them was read from an msprobe dump.
     */
    public static MsprobeOp of(List<StageRecord> records) {
        MsprobeEntry first = null;
        List<Argument> arguments = new ArrayList<>();
        List<Integer> group = null;
        for (StageRecord r : records) {
            MsprobeEntry e = MsprobeEntry.of(r);
            if (e == null) continue;
            if (first == null) first = e;
            if (e.kind() != MsprobeEntry.Kind.VALUE) continue;
            if (e.groupRanks() != null) {
                if (group == null) group = e.groupRanks();
            } else {
                arguments.add(new Argument(r.stage().startsWith(e.op() + ".") ? r.stage().substring(e.op().length() + 1) : r.stage(),
                        e.type(), e.value()));
            }
        }
        if (first == null) return null;
        return new MsprobeOp(first.op(), first.direction(), first.modules(), first.stack(), arguments, group);
    }
}
