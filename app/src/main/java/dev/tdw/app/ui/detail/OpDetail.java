package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.msprobe.MsprobeOp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The msprobe op of the selected stage, in the detail's words: where it ran in the module tree, its scalar arguments
 * and, for a communication op, its group's ranks (left and right side by side), and its call stack. The facts are the
 * model's ({@link MsprobeOp}); this only lays them out.
 *
 * @param modules    the enclosing modules, outermost first; empty without a module tree (level L1)
 * @param arguments  each plain argument, left and right
 * @param groupRanks the process group's ranks, left and right; null unless a side records them
 * @param stack      the call stack, one line per frame line; empty when stack.json has none
 * @param stackNote  what the stack shown is ("left side's call stack; the right side's differs"), or ""
 */
public record OpDetail(String op, String direction, List<String> modules, List<StageDetail.Field> arguments,
                       StageDetail.Field groupRanks, List<String> stack, String stackNote) {
    public OpDetail {
        modules = List.copyOf(modules);
        arguments = List.copyOf(arguments);
        stack = List.copyOf(stack);
    }

    /** The op of {@code row} among {@code rows} (its stages are neighbours in stage order), or null for a probe capture's stage. */
    public static OpDetail of(StageRows rows, StageRow row) {
        String op = op(row);
        if (op == null) return null;
        int from = rows.indexByKey().get(row.key()), to = from;
        while (from > 0 && op.equals(op(rows.rows().get(from - 1)))) from--;
        while (to + 1 < rows.size() && op.equals(op(rows.rows().get(to + 1)))) to++;
        List<StageRecord> left = new ArrayList<>(), right = new ArrayList<>();
        for (StageRow r : rows.rows().subList(from, to + 1)) {
            if (r.left() != null) left.add(r.left());
            if (r.right() != null) right.add(r.right());
        }
        MsprobeOp l = MsprobeOp.of(left), r = MsprobeOp.of(right);
        MsprobeOp shown = l != null ? l : r;
        return new OpDetail(shown.op(), shown.direction().name().toLowerCase(java.util.Locale.ROOT), shown.modules(),
                arguments(l, r), groupRanks(l, r), lines(shown.stack()), stackNote(l, r));
    }

    private static String op(StageRow row) {
        MsprobeEntry e = MsprobeEntry.of(row.left());
        if (e == null) e = MsprobeEntry.of(row.right());
        return e == null ? null : e.op();
    }

    private static List<StageDetail.Field> arguments(MsprobeOp l, MsprobeOp r) {
        Map<String, String[]> byName = new LinkedHashMap<>();
        if (l != null) for (MsprobeOp.Argument a : l.arguments()) byName.computeIfAbsent(a.name(), k -> new String[2])[0] = a.type() + " " + a.value();
        if (r != null) for (MsprobeOp.Argument a : r.arguments()) byName.computeIfAbsent(a.name(), k -> new String[2])[1] = a.type() + " " + a.value();
        List<StageDetail.Field> out = new ArrayList<>(byName.size());
        byName.forEach((name, v) -> out.add(new StageDetail.Field(name, side(l, v[0]), side(r, v[1]), l != null && r != null && !Objects.equals(v[0], v[1]))));
        return out;
    }

    private static StageDetail.Field groupRanks(MsprobeOp l, MsprobeOp r) {
        List<Integer> lr = l == null ? null : l.groupRanks(), rr = r == null ? null : r.groupRanks();
        if (lr == null && rr == null) return null;
        return new StageDetail.Field("group ranks", side(l, lr == null ? null : lr.toString()), side(r, rr == null ? null : rr.toString()),
                l != null && r != null && !Objects.equals(lr, rr));
    }

    private static String side(MsprobeOp op, String value) {
        if (op == null) return "not captured";
        return value == null ? "–" : value;
    }

    /** msprobe writes a frame as "File …, line N, in f, \n code": one line each, the code indented. */
    private static List<String> lines(List<String> frames) {
        List<String> out = new ArrayList<>(frames.size() * 2);
        for (String f : frames) {
            String[] parts = f.split("\n", -1);
            out.add(parts[0].strip());
            for (int i = 1; i < parts.length; i++) if (!parts[i].isBlank()) out.add("    " + parts[i].strip());
        }
        return out;
    }

    private static String stackNote(MsprobeOp l, MsprobeOp r) {
        if (l == null || r == null) return "";
        if (l.stack().isEmpty() && r.stack().isEmpty()) return "";
        return l.stack().equals(r.stack()) ? "" : "The left side's call stack; the right side's differs.";
    }
}
