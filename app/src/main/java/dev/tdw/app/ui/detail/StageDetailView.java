package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.table.Badges;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.report.Wording;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static dev.tdw.app.ui.widget.Labels.hint;
import static dev.tdw.app.ui.widget.Labels.title;

/** The selected stage: layout and statistics side by side, findings, input sets and alias groups with links. */
public final class StageDetailView extends ScrollPane {
    static final int MAX_MEMBERS = 24;
    private final VBox content = new VBox(6);
    private final Consumer<String> onSelect;
    private final Label empty = hint("Select a stage in the table or the chart (F jumps to the first divergence).");
    private final Label key = new Label();
    private final Label presence = hint("");
    private final VBox findings = new VBox(3);
    private final Label layoutTitle = title("Layout");
    private final FieldGrid layout = new FieldGrid("", "left", "right");
    private final Label inputsTitle = title("Operator inputs");
    private final FieldGrid inputs = new FieldGrid("", "left", "right");
    private final Label statisticsTitle = title("Statistics");
    private final FieldGrid statistics = new FieldGrid("", "left", "right", "left − right", "rel Δ");
    private final Label note = hint("");
    private final OpDetailView op = new OpDetailView();

    public StageDetailView(StageDetailViewModel vm, Consumer<String> onSelect) {
        this.onSelect = onSelect;
        setId("stage-detail");
        setFitToWidth(true);
        content.setPadding(new Insets(8, 10, 10, 10));
        content.getStyleClass().add("detail");
        setContent(content);
        key.getStyleClass().add("detail-key");
        key.setWrapText(true);
        vm.detailProperty().addListener((o, a, b) -> show(b));
        show(vm.detailProperty().get());
    }

    private void show(StageDetail d) {
        if (d == null) {
            content.getChildren().setAll(empty);
            return;
        }
        // The key, presence, note and the three tables are kept and refilled (see FieldGrid); what a stage rarely
        // has (findings, alias groups, replays) is built for it.
        List<Node> nodes = new ArrayList<>();
        key.setText(Labels.name(d.key()));
        presence.setText(Labels.safe(d.presence()));
        nodes.add(key);
        nodes.add(presence);
        if (!d.badges().isEmpty()) {
            findings.getChildren().clear();
            d.badges().forEach(b -> {
                Label text = new Label(Labels.safe(b.text()));
                text.setWrapText(true);
                findings.getChildren().add(new HBox(6, Badges.badge(b), text));
            });
            nodes.add(findings);
        }
        if (!d.layout().isEmpty()) {
            layout.fill(sideBySide(d.layout()));
            nodes.add(layoutTitle);
            nodes.add(layout.node());
        }
        // Right after the layout: an alias group is a layout finding.
        for (AliasView a : d.aliases()) nodes.addAll(aliasNodes(a, onSelect, d.key()));
        if (!d.inputs().isEmpty()) {
            inputs.fill(sideBySide(d.inputs()));
            nodes.add(inputsTitle);
            nodes.add(inputs.node());
        }
        if (d.op() != null) nodes.addAll(op.head(d.op()));
        statistics.fill(statistics(d.statistics()));
        nodes.add(statisticsTitle);
        nodes.add(statistics.node());
        if (!d.note().isEmpty()) {
            note.setText(Labels.safe(d.note()));
            nodes.add(note);
        }
        if (d.op() != null) nodes.addAll(op.stack(d.op()));
        if (!d.replays().isEmpty()) {
            VBox runs = new VBox(3);
            runs.setId("detail-replays");
            for (String r : d.replays()) {
                Label line = new Label(Labels.safe(r));
                line.setWrapText(true);
                runs.getChildren().add(line);
            }
            nodes.add(title("Replays"));
            nodes.add(runs);
        }
        // Same nodes in the same order (the usual case from one stage to the next): nothing leaves or re-enters the scene.
        if (!content.getChildren().equals(nodes)) content.getChildren().setAll(nodes);
    }

    private static List<FieldGrid.Line> sideBySide(List<StageDetail.Field> fields) {
        List<FieldGrid.Line> lines = new ArrayList<>(fields.size());
        for (StageDetail.Field f : fields) lines.add(new FieldGrid.Line(f.name(), List.of(f.left(), f.right()), f.differs()));
        return lines;
    }

    private static List<FieldGrid.Line> statistics(List<StatCell> stats) {
        List<FieldGrid.Line> lines = new ArrayList<>(stats.size());
        for (StatCell c : stats) {
            lines.add(new FieldGrid.Line(c.name(), List.of(Wording.number(c.left()), Wording.number(c.right()),
                    Wording.number(c.delta()), Wording.relative(c.relativeDifference())), c.diverges()));
        }
        return lines;
    }

    private static Label value(String text, boolean differs) {
        Label l = new Label(Labels.safe(text));
        l.getStyleClass().add("mono");
        if (differs) l.getStyleClass().add("differs");
        return l;
    }

    /** An alias group: its meaning and each member as a link to its row. Shared with the scan view. */
    public static List<Node> aliasNodes(AliasView a, Consumer<String> onSelect, String currentKey) {
        Label head = title(a.title());
        Label kind = new Label(Labels.safe(a.kind().meaning()));
        kind.setWrapText(true);
        kind.getStyleClass().add("alias-" + a.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        // One member per two lines: the pane is narrow and the strides are what must be read in full.
        VBox list = new VBox(2);
        List<AliasView.Member> members = new java.util.ArrayList<>(a.members());
        // A paged cache can have thousands of views of one pool: this stage and the conflicting ones first, then a count.
        members.sort(java.util.Comparator.comparing((AliasView.Member m) -> !m.key().equals(currentKey)).thenComparing(m -> !m.conflicting()));
        for (AliasView.Member m : members.subList(0, Math.min(members.size(), MAX_MEMBERS))) {
            Hyperlink link = new Hyperlink(Labels.name(m.key() + (m.conflicting() ? "  ⚠ overlaps with another layout" : "")));
            link.setOnAction(e -> onSelect.accept(m.key()));
            link.setDisable(m.key().equals(currentKey));
            Label layout = value("stride " + m.stride() + " · offset " + m.storageOffset() + " · shape " + m.shape() + " · " + m.dtype(),
                    m.conflicting());
            layout.setWrapText(true);
            VBox.setMargin(layout, new Insets(0, 0, 4, 14));
            list.getChildren().addAll(link, layout);
        }
        if (members.size() > MAX_MEMBERS) {
            Label more = new Label("… and " + (members.size() - MAX_MEMBERS) + " more views of this storage");
            more.getStyleClass().add("hint");
            list.getChildren().add(more);
        }
        return List.of(head, kind, list);
    }
}
