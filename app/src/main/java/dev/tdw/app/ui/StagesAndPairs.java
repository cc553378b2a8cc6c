package dev.tdw.app.ui;

import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.sets.CaptureSetView;
import dev.tdw.app.ui.sets.RunsView;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

import java.util.function.Consumer;

/**
 * The stage table and, beside it in tabs of the same width, the every-pair overview and the runs view. With several pairs the
 * overview comes first, once per pair of roots (a new tolerance does not steal the tab); a click on a cell opens
 * that pair's stages.
 */
final class StagesAndPairs extends TabPane {
    StagesAndPairs(WorkbenchViewModel vm, Node tableBox, Consumer<CaptureHere> captureHere) {
        setId("stages-and-pairs");
        setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Tab stages = new Tab("Stages", tableBox);
        stages.setId("stages-tab");
        CaptureSetView overview = new CaptureSetView(vm.sets(), () -> getSelectionModel().select(stages));
        overview.setCaptureHere(captureHere);
        Tab pairs = new Tab("Pairs", overview);
        pairs.setId("pairs-tab");
        pairs.disableProperty().bind(vm.sets().resultProperty().isNull());
        RunsView runsView = new RunsView(vm.runs(), () -> getSelectionModel().select(stages));
        runsView.setCaptureHere(captureHere);
        Tab runs = new Tab("Runs", runsView);
        runs.setId("runs-tab");
        runs.disableProperty().bind(vm.runs().resultProperty().isNull());
        getTabs().addAll(stages, pairs, runs);
        vm.sets().resultProperty().addListener((o, a, b) -> {
            if (b == null && pairs.isSelected()) getSelectionModel().select(stages);
            else if (b != null && (a == null || !a.left().equals(b.left()) || !a.right().equals(b.right()))) getSelectionModel().select(pairs);
        });
        vm.runs().resultProperty().addListener((o, a, b) -> {
            if (b == null && runs.isSelected()) getSelectionModel().select(stages);
            else if (b != null && a == null) getSelectionModel().select(runs);
        });
    }
}
