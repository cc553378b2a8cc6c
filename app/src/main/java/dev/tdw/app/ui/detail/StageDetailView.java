package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.model.report.Wording;
import static dev.tdw.app.ui.widget.Labels.title;
import static dev.tdw.app.ui.widget.Labels.hint;
import dev.tdw.app.ui.table.Badges;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.report.Wording;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.function.Consumer;

import static dev.tdw.app.ui.widget.Labels.hint;
import static dev.tdw.app.ui.widget.Labels.title;

/** The selected stage: layout and statistics side by side, findings, input sets and alias groups with links. */
public final class StageDetailView extends ScrollPane {
    static final int MAX_MEMBERS = 24;
    private final VBox content = new VBox(6);
    private final Consumer<String> onSelect;

    public StageDetailView(StageDetailViewModel vm, Consumer<String> onSelect) {
        this.onSelect = onSelect;
        setId("stage-detail");
        setFitToWidth(true);
        content.setPadding(new Insets(8, 10, 10, 10));
        content.getStyleClass().add("detail");
        setContent(content);
        vm.detailProperty().addListener((o, a, b) -> show(b));
        show(vm.detailProperty().get());
    }

    private void show(StageDetail d) {
        content.getChildren().clear();
        if (d == null) {
            Label empty = new Label("Select a stage in the table or the chart (F jumps to the first divergence).");
            empty.setWrapText(true);
            empty.getStyleClass().add("hint");
            content.getChildren().add(empty);
            return;
        }
        Label key = new Label(Labels.name(d.key()));
        key.getStyleClass().add("detail-key");
        key.setWrapText(true);
        content.getChildren().addAll(key, hint(d.presence()));
        if (!d.badges().isEmpty()) {
            VBox findings = new VBox(3);
            d.badges().forEach(b -> {
                Label text = new Label(Labels.safe(b.text()));
                text.setWrapText(true);
                var line = new javafx.scene.layout.HBox(6, Badges.badge(b), text);
                findings.getChildren().add(line);
            });
            content.getChildren().add(findings);
        }
        if (!d.layout().isEmpty()) {
            content.getChildren().addAll(title("Layout"), sideBySide(d.layout()));
        }
        // Right after the layout: an alias group is a layout finding.
        for (AliasView a : d.aliases()) content.getChildren().addAll(aliasNodes(a, onSelect, d.key()));
        if (!d.inputs().isEmpty()) {
            content.getChildren().addAll(title("Operator inputs"), sideBySide(d.inputs()));
        }
        content.getChildren().addAll(title("Statistics"), statistics(d.statistics()));
        if (!d.note().isEmpty()) content.getChildren().add(hint(d.note()));
        if (!d.replays().isEmpty()) {
            VBox runs = new VBox(3);
            runs.setId("detail-replays");
            for (String r : d.replays()) {
                Label line = new Label(Labels.safe(r));
                line.setWrapText(true);
                runs.getChildren().add(line);
            }
            content.getChildren().addAll(title("Replays"), runs);
        }
    }

    private static GridPane sideBySide(List<StageDetail.Field> fields) {
        GridPane g = grid("", "left", "right");
        int row = 1;
        for (StageDetail.Field f : fields) {
            g.add(new Label(Labels.safe(f.name())), 0, row);
            g.add(value(f.left(), f.differs()), 1, row);
            g.add(value(f.right(), f.differs()), 2, row);
            row++;
        }
        return g;
    }

    private static GridPane statistics(List<StatCell> stats) {
        GridPane g = grid("", "left", "right", "left − right", "rel Δ");
        int row = 1;
        for (StatCell c : stats) {
            g.add(new Label(Labels.safe(c.name())), 0, row);
            g.add(value(Wording.number(c.left()), c.diverges()), 1, row);
            g.add(value(Wording.number(c.right()), c.diverges()), 2, row);
            g.add(value(Wording.number(c.delta()), c.diverges()), 3, row);
            Double rel = c.relativeDifference();
            g.add(value(Wording.relative(rel), c.diverges()), 4, row);
            row++;
        }
        return g;
    }

    private static GridPane grid(String... headers) {
        GridPane g = new GridPane();
        g.setHgap(14);
        g.setVgap(2);
        g.getStyleClass().add("detail-grid");
        for (int i = 0; i < headers.length; i++) {
            Label h = new Label(headers[i]);
            h.getStyleClass().add("column-header-label");
            g.add(h, i, 0);
        }
        return g;
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
