package dev.tdw.app.ui.format;

import dev.tdw.app.ui.WorkbenchApp;
import dev.tdw.app.ui.WorkbenchViewModel;
import dev.tdw.app.ui.table.RowNode;
import dev.tdw.app.ui.table.StageTableView;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.model.msprobe.MsprobeEntry;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.tdw.app.ui.format.MsprobeWorkbenchTest.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** s5 (2 ranks, msprobe's own dumps) in the real window, headless: format, origin rank, module tree, the op's detail, the switch. */
@ExtendWith(ApplicationExtension.class)
class MsprobeWindowUiTest {
    private WorkbenchApp.Session session;
    private WorkbenchViewModel vm;

    @Start
    void start(Stage stage) {
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
        stage.sizeToScene();
        vm = session.vm();
    }

    @Test
    void s5OpensWithItsFormatOriginRankModuleTreeAndOp(FxRobot robot) {
        Path left = dump("s5_tp2_stat_mix", "baseline"), right = dump("s5_tp2_stat_mix", "candidate_gate_rank1");
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.comparison() != null && vm.sets().openProperty().get() != null);

        Label format = robot.lookup("#format").queryAs(Label.class);
        assertEquals("Format: msprobe dump (MindStudio Probe dump.json)", Fx.call(format::getText));
        assertTrue(Fx.call(format::isVisible));
        String inputs = Fx.call(() -> robot.lookup("#inputs").queryAs(Label.class).getText());
        assertTrue(inputs.startsWith("inputs not recorded: msprobe dump (MindStudio Probe dump.json) carries no token ids; step0 · rank 1"),
                inputs);
        CheckBox backward = robot.lookup("#search-backward").queryAs(CheckBox.class);
        assertFalse(Fx.call(backward::isSelected), "backward entries are not searched by default");

        Fx.await(() -> robot.lookup("#pair-cell-0-null-1").tryQuery().isPresent());
        Button origin = robot.lookup("#pair-cell-0-null-1").queryAs(Button.class);
        Button received = robot.lookup("#pair-cell-0-null-0").queryAs(Button.class);
        assertTrue(Fx.call(() -> origin.getStyleClass().contains("pair-origin")));
        assertFalse(Fx.call(() -> received.getStyleClass().contains("pair-origin")));
        assertTrue(Fx.call(() -> robot.lookup("#capture-set-legend").queryAs(Label.class).getText()).contains("communication op"));

        Fx.run(vm::goToFirstDivergence);
        StageTableView table = session.window().table();
        Fx.await(() -> table.getSelectionModel().getSelectedItem() != null);
        List<String> modules = Fx.call(() -> {
            List<String> out = new ArrayList<>();
            for (TreeItem<RowNode> p = table.getSelectionModel().getSelectedItem().getParent(); p != null && p.getValue() != null; p = p.getParent()) {
                out.add(0, ((RowNode.ModuleGroup) p.getValue()).module());
            }
            return out;
        });
        assertEquals(List.of("Module.model.TinyModel.forward.0", "Module.model.layers.2.DecoderLayer.forward.0",
                "Module.model.layers.2.mlp.MLP.forward.0"), modules);
        Fx.await(() -> robot.lookup("#detail-op").tryQuery().isPresent());
        assertTrue(Fx.call(() -> robot.lookup("#detail-op").queryAs(Label.class).getText()).startsWith("Tensor.__mul__.28.forward"));
        assertTrue(Fx.call(() -> robot.lookup("#detail-stack").queryAs(Label.class).getText()).contains("tinylm.py"));

        robot.clickOn(backward);
        Fx.await(() -> vm.comparison() != null && Boolean.TRUE.equals(vm.comparison().left().extra().get(MsprobeEntry.SEARCH_BACKWARD)));
        assertTrue(Fx.call(backward::isSelected));
    }
}
