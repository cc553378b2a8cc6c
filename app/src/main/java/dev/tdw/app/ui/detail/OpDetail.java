package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.msprobe.MsprobeOpPair;
import dev.tdw.model.report.MsprobeOpReport;

import java.util.List;

/**
 * The msprobe op of the selected stage, in the detail's words: where it ran in the module tree, its scalar arguments
 * and, for a communication op, its group's ranks (left and right side by side), and its call stack. The facts are the
 * model's ({@link MsprobeOpPair}, which {@code tdw diff} reports too) and so are the words ({@link MsprobeOpReport});
 * this only lays them out.
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

    /** The op of {@code row} in the analysis {@code rows} show, or null for a probe capture's stage. */
    public static OpDetail of(StageRows rows, StageRow row) {
        MsprobeOpPair p = rows.analysis() == null ? null : rows.analysis().msprobeOp(row.key());
        if (p == null) return null;
        List<StageDetail.Field> arguments = p.arguments().stream().map(v -> new StageDetail.Field(v.name(),
                MsprobeOpReport.side(p, true, v.left()), MsprobeOpReport.side(p, false, v.right()), v.differs())).toList();
        StageDetail.Field ranks = p.groupRanks() == null ? null : new StageDetail.Field("group ranks",
                MsprobeOpReport.ranks(p, true), MsprobeOpReport.ranks(p, false), p.groupRanks().differs());
        return new OpDetail(p.shown().op(), MsprobeOpReport.direction(p.shown()), p.shown().modules(), arguments, ranks,
                p.stackLines(), MsprobeOpReport.stackNote(p));
    }
}
