package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.model.report.MsprobeOpReport;
import javafx.scene.Node;
import javafx.scene.control.Label;

import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.ui.widget.Labels.hint;
import static dev.tdw.app.ui.widget.Labels.title;

/** The detail's section on an msprobe op: its place in the module tree, scalar arguments, group ranks and call stack. */
final class OpDetailView {
    private final Label title = title("msprobe op");
    private final Label op = new Label();
    private final Label modules = hint("");
    private final FieldGrid arguments = new FieldGrid("", "left", "right");
    private final Label stackTitle = title("Call stack (stack.json)");
    private final Label stack = new Label();
    private final Label stackNote = hint("");
    private final Label noStack = hint(MsprobeOpReport.NO_STACK);

    OpDetailView() {
        op.getStyleClass().add("detail-key");
        op.setWrapText(true);
        op.setId("detail-op");
        modules.setId("detail-modules");
        stack.getStyleClass().add("mono");
        stack.setWrapText(true);
        stack.setId("detail-stack");
    }

    /** The op, its modules, arguments and group ranks: shown before the statistics (a differing argument is often the defect). */
    List<Node> head(OpDetail d) {
        List<Node> nodes = new ArrayList<>();
        nodes.add(title);
        op.setText(Labels.name(d.op()) + "  (" + d.direction() + ")");
        nodes.add(op);
        modules.setText(d.modules().isEmpty() ? MsprobeOpReport.NO_MODULES
                : "In " + Labels.safe(nested(d.modules())));
        nodes.add(modules);
        List<FieldGrid.Line> lines = new ArrayList<>();
        for (StageDetail.Field f : d.arguments()) lines.add(new FieldGrid.Line(f.name(), List.of(f.left(), f.right()), f.differs()));
        if (d.groupRanks() != null) {
            StageDetail.Field g = d.groupRanks();
            lines.add(new FieldGrid.Line(g.name(), List.of(g.left(), g.right()), g.differs()));
        }
        if (!lines.isEmpty()) {
            arguments.fill(lines);
            nodes.add(arguments.node());
        }
        return nodes;
    }

    /**
     * One module a line, each one step further in than its parent; no-break spaces keep the arrow with the name when a
     * long name wraps in a narrow pane.
     */
    private static String nested(List<String> modules) {
        StringBuilder b = new StringBuilder(modules.get(0));
        for (int i = 1; i < modules.size(); i++) b.append('\n').append("\u00a0\u00a0".repeat(i)).append("›\u00a0").append(modules.get(i));
        return b.toString();
    }

    /** The call stack: shown last, it is long. */
    List<Node> stack(OpDetail d) {
        List<Node> nodes = new ArrayList<>();
        nodes.add(stackTitle);
        if (d.stack().isEmpty()) {
            nodes.add(noStack);
        } else {
            stack.setText(Labels.safe(String.join("\n", d.stack())));
            nodes.add(stack);
            if (!d.stackNote().isEmpty()) {
                stackNote.setText(d.stackNote());
                nodes.add(stackNote);
            }
        }
        return nodes;
    }
}
