package dev.tdw.app.ui.scan;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.input.NumberFields;

import static dev.tdw.app.ui.widget.Labels.title;
import static dev.tdw.app.ui.widget.Labels.hint;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.detail.AliasView;
import dev.tdw.app.ui.detail.StageDetailView;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;

/** The scan of one side: first non-finite, first over a limit, records without statistics, alias groups, graph slots. */
public final class ScanView extends VBox {
    /** More links than this would only slow the pane down; the rest are counted. */
    private static final int MAX_LINKS = 200;

    private final ScanViewModel vm;
    private final Consumer<String> onSelect;
    private final VBox content = new VBox(4);
    private final TextField limit = new TextField();

    public ScanView(ScanViewModel vm, Consumer<String> onSelect) {
        this.vm = vm;
        this.onSelect = onSelect;
        setId("scan-view");
        ToggleGroup sides = new ToggleGroup();
        ToggleButton left = new ToggleButton("left"), right = new ToggleButton("right");
        left.setToggleGroup(sides);
        right.setToggleGroup(sides);
        left.setUserData(Side.LEFT);
        right.setUserData(Side.RIGHT);
        sides.selectToggle(vm.sideProperty().get() == Side.LEFT ? left : right);
        sides.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) sides.selectToggle(a); else vm.sideProperty().set((Side) b.getUserData());
        });
        vm.sideProperty().addListener((o, a, b) -> sides.selectToggle(b == Side.LEFT ? left : right));
        limit.setId("scan-limit");
        limit.setPromptText("none (e.g. 65504)");
        limit.setPrefColumnCount(9);
        NumberFields.bind(limit, vm.limitInput(), "First stage whose max_abs exceeds this; 65504 predicts an fp16 overflow from an fp32 run");
        HBox controls = new HBox(6, new Label("scan of"), left, right, new Label("max_abs limit"), limit);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(6, 10, 4, 10));
        content.setPadding(new Insets(4, 10, 10, 10));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, javafx.scene.layout.Priority.ALWAYS);
        getChildren().addAll(controls, scroll);
        vm.reportProperty().addListener((o, a, b) -> show(b));
        show(vm.reportProperty().get());
    }

    private void show(ScanReport r) {
        content.getChildren().clear();
        if (r == null) {
            content.getChildren().add(hint("Nothing loaded."));
            return;
        }
        if (r.coverageBanner() != null) {
            Label banner = new Label(Labels.safe(r.coverageBanner()));
            banner.setWrapText(true);
            banner.getStyleClass().addAll("banner", "banner-coverage");
            banner.setMaxWidth(Double.MAX_VALUE);
            content.getChildren().add(banner);
        }
        content.getChildren().add(hint(r.manifest()));
        content.getChildren().addAll(title("First non-finite"), hit(r.firstNonFinite(), "none: every summarised record is finite"));
        content.getChildren().addAll(title("First over limit"), hit(r.firstOverLimit(),
                r.limit() == null ? "no limit set" : "none over " + r.limit()));
        content.getChildren().add(title("No summary (" + r.withoutSummary().size() + ")"));
        if (r.withoutSummary().isEmpty()) {
            content.getChildren().add(hint("none among the stages. Input sets never carry statistics: their \"no summary\" badge in"
                    + " the table means compare their tensors or replay them, and they are not counted here."));
        } else {
            content.getChildren().add(hint("Not numerically fine: missing evidence (narrow DUMP_PROBE_SUMMARY, empty tensor or a failure)."));
            content.getChildren().add(links(r.withoutSummary()));
        }
        content.getChildren().add(title("Storage aliases (" + r.aliases().size() + ")"));
        if (r.aliases().isEmpty()) content.getChildren().add(hint("no stage shares its storage with another"));
        for (AliasView a : r.aliases()) content.getChildren().addAll(StageDetailView.aliasNodes(a, onSelect, null));
        content.getChildren().add(title("Graph slots (" + r.graphSlots().size() + ")"));
        if (r.graphSlots().isEmpty()) {
            content.getChildren().add(hint("none"));
        } else {
            content.getChildren().add(hint("Filled inside the graph and never in the records: only a tensor comparison can see them."));
            GridPane g = new GridPane();
            g.setHgap(14);
            int row = 0;
            for (ScanReport.Slot s : r.graphSlots()) {
                g.add(new Label(Labels.safe("graph:" + s.name())), 0, row);
                g.add(new Label(Labels.safe(s.shape())), 1, row);
                g.add(new Label(Labels.safe(s.dtype())), 2, row);
                row++;
            }
            content.getChildren().add(g);
        }
    }

    private Node hit(ScanReport.Hit hit, String none) {
        if (hit == null) return hint(none);
        Hyperlink link = new Hyperlink(Labels.name(hit.text()));
        link.getStyleClass().add("finding");
        link.setOnAction(e -> onSelect.accept(hit.key()));
        return link;
    }

    private FlowPane links(java.util.List<String> keys) {
        FlowPane p = new FlowPane(4, 0);
        keys.stream().limit(MAX_LINKS).forEach(k -> {
            Hyperlink l = new Hyperlink(Labels.name(k));
            l.setOnAction(e -> onSelect.accept(k));
            p.getChildren().add(l);
        });
        if (keys.size() > MAX_LINKS) p.getChildren().add(new Label("… and " + (keys.size() - MAX_LINKS) + " more"));
        return p;
    }
}
