package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.WorkbenchApp;
import dev.tdw.app.ui.WorkbenchViewModel;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overview in the real window, headless: it comes first for several pairs, marks the origin, and a click opens a pair. */
@ExtendWith(ApplicationExtension.class)
class CaptureSetUiTest {
    private WorkbenchApp.Session session;
    private WorkbenchViewModel vm;

    @Start
    void start(Stage stage) {
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
        // TestFX hands every test class the same stage. If the first window minimum it gets finds it narrower (a
        // class with a small scene ran first), JavaFX pins its width at the 800 px minimum and later scenes keep it:
        // there the overview scrolls and the aligned cell lies half under the detail pane, so a click at its centre
        // hit the pane. Size the window to its scene like a first start (without pinning a size for later classes).
        stage.sizeToScene();
        vm = session.vm();
    }

    private void open(String scenario) {
        Path left = Captures.dir(scenario, "baseline"), right = Captures.dir(scenario, "candidate");
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.comparison() != null && vm.comparison().left().path().startsWith(left) && vm.sets().openProperty().get() != null);
    }

    /** A cell of the overview, found whether or not its tab is showing. */
    private Button cell(FxRobot robot, String id) {
        Fx.await(() -> robot.lookup("#" + id).tryQuery().isPresent());
        return robot.lookup("#" + id).queryAs(Button.class);
    }

    @Test
    void chunkedPrefillShowsTheOverviewAndOpensOnOccurrenceTwo(FxRobot robot) {
        showsTheChunkedPrefillOverviewAndOpensAPairOnAClick(robot);
    }

    /** The same when a class with a small scene ran first on TestFX's shared stage (as StageDetailViewUiTest or ReplayDialogUiTest can). */
    @Test
    void chunkedPrefillOpensAPairOnAClickAfterASmallSceneRanFirstOnTheSharedStage(FxRobot robot) {
        Fx.run(() -> {
            Stage stage = (Stage) session.window().getScene().getWindow();
            stage.hide();
            stage.setMinWidth(0);
            stage.setMinHeight(0);
            stage.setScene(new Scene(new StackPane(), 300, 200));
            stage.show();
            stage.hide();
            start(stage);
        });
        showsTheChunkedPrefillOverviewAndOpensAPairOnAClick(robot);
    }

    private void showsTheChunkedPrefillOverviewAndOpensAPairOnAClick(FxRobot robot) {
        open("chunked-prefill");
        TabPane tabs = robot.lookup("#stages-and-pairs").queryAs(TabPane.class);
        assertEquals("pairs-tab", Fx.call(() -> tabs.getSelectionModel().getSelectedItem().getId()));
        assertEquals(2, Fx.call(() -> vm.left().manifest().occurrence()));
        Button open = cell(robot, "pair-cell-1-2-0");
        assertTrue(Fx.call(() -> open.getStyleClass().containsAll(java.util.List.of("pair-divergent", "pair-origin", "pair-open"))));
        assertTrue(Fx.call(() -> robot.lookup("#capture-set-summary").queryAs(Label.class).getText())
                .contains("first divergent forward cmpl-a match 1 occ 2"));
        Button aligned = cell(robot, "pair-cell-2-1-1");
        assertTrue(Fx.call(() -> aligned.getStyleClass().contains("pair-aligned")));
        robot.clickOn(aligned);
        Fx.await(() -> vm.comparison() != null && "cmpl-b".equals(vm.comparison().left().label()) && vm.comparison().left().rank() == 1);
        assertEquals("stages-tab", Fx.call(() -> tabs.getSelectionModel().getSelectedItem().getId()), "a click shows the pair's stages");
        Fx.await(() -> aligned.getStyleClass().contains("pair-open"));
        assertFalse(Fx.call(() -> open.getStyleClass().contains("pair-open")));
    }

    /** The texts of a picker's open list: each option with what choosing it would show. */
    private java.util.List<String> options(FxRobot robot, String picker) {
        robot.clickOn("#" + picker);
        Fx.await(() -> robot.lookup(".combo-box-popup .list-cell").queryAll().stream().anyMatch(c -> c.isVisible()));
        java.util.List<String> texts = Fx.call(() -> robot.lookup(".combo-box-popup .list-cell").queryAllAs(javafx.scene.control.ListCell.class)
                .stream().filter(c -> c.isVisible() && !c.isEmpty() && c.getText() != null).map(javafx.scene.control.ListCell::getText)
                .sorted().toList());
        robot.type(KeyCode.ESCAPE);
        Fx.await(() -> robot.lookup(".combo-box-popup").queryAll().stream().noneMatch(n -> n.getScene().getWindow().isShowing()));
        return texts;
    }

    @Test
    void chunkedPrefillsOccurrencePickerListsOccurrenceTwoAsDivergentAndTheOthersWithTheirVerdicts(FxRobot robot) {
        open("chunked-prefill");
        assertEquals(java.util.List.of("occ 1  —  ALIGNED", "occ 2  —  DIVERGENT at runner.positions · origin rank",
                "occ 3  —  DIVERGENT at runner.positions · origin rank"), options(robot, "left-occurrence"));
        // The closed picker keeps its name only.
        assertEquals("occ 2", Fx.call(() -> robot.lookup("#left-occurrence").queryAs(javafx.scene.control.ComboBox.class).getButtonCell().getText()));
        assertEquals(java.util.List.of("occ 1  —  not paired with the other side's choice", "occ 2  —  DIVERGENT at runner.positions · origin rank",
                "occ 3  —  not paired with the other side's choice"), options(robot, "right-occurrence"));
    }

    @Test
    void intermittentRunsShowIntermittentWithRunThreeAndItsFirstStage(FxRobot robot) {
        Path left = Captures.dir("intermittent", "baseline"), right = Captures.dir("intermittent", "candidate");
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.runs().result() != null);
        TabPane tabs = robot.lookup("#stages-and-pairs").queryAs(TabPane.class);
        Fx.await(() -> "runs-tab".equals(tabs.getSelectionModel().getSelectedItem().getId()));
        assertTrue(Fx.call(() -> robot.lookup("#runs-verdict").queryAs(Label.class).getText())
                .startsWith("INTERMITTENT (1 of 5 runs beyond noise) — first beyond noise: layers.4.self_attn.attn_out#0 in candidate/run3"));
        Label run3 = robot.lookup("#run-verdict-2").queryAs(Label.class);
        assertEquals("DIVERGENT", Fx.call(run3::getText));
        assertTrue(Fx.call(() -> run3.getStyleClass().contains("run-divergent")));
        Fx.await(() -> robot.lookup("#verdict-banner").queryAs(HBox.class).getStyleClass().contains("banner-intermittent"));

        // A click on run 3 opens it against left run 1 in the stage table, whose noise column names it.
        robot.clickOn("#run-open-2");
        Fx.await(() -> vm.comparison() != null && vm.comparison().right() == vm.runs().result().rightRuns().get(2).manifest());
        assertEquals("stages-tab", Fx.call(() -> tabs.getSelectionModel().getSelectedItem().getId()));
        TreeTableColumn<?, ?> noise = Fx.call(() -> session.window().table().getColumns().stream()
                .filter(c -> "noise-column".equals(c.getId())).findFirst().orElseThrow());
        assertTrue(Fx.call(noise::isVisible));
        Fx.await(() -> "layers.4.self_attn.attn_out#0".equals(vm.selectedKeyProperty().get())); // its first stage beyond noise
        Fx.await(() -> "beyond noise: run3".equals(noise.getCellData(session.window().table().getSelectionModel().getSelectedIndex())));
    }

    @Test
    void changingTheNoiseFactorChangesTheVerdictAsTheContractPredicts(FxRobot robot) {
        Path left = Captures.dir("intermittent", "baseline"), right = Captures.dir("intermittent", "candidate");
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.runs().result() != null);
        TextField factor = robot.lookup("#noise-factor").queryAs(TextField.class);
        robot.clickOn(factor).eraseText(Fx.call(() -> factor.getText().length())).write("-2");
        Fx.await(() -> factor.getStyleClass().contains("invalid"));
        robot.eraseText(2).write("100").type(KeyCode.ENTER);
        // Run 3 lies 0.59 outside the left band where 0.0395 is allowed at factor 1: at 100 every run is within noise.
        Fx.await(() -> vm.runs().result().noiseFactor() == 100.0);
        assertEquals("WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)",
                Fx.call(() -> robot.lookup("#runs-verdict").queryAs(Label.class).getText()));
        assertEquals("WITHIN_NOISE", Fx.call(() -> robot.lookup("#run-verdict-2").queryAs(Label.class).getText()));
        assertEquals("WITHIN_NOISE: observed from 4 runs; few runs underestimate noise.",
                Fx.call(() -> robot.lookup("#runs-caveat").queryAs(Label.class).getText()));
        Fx.await(() -> robot.lookup("#verdict-banner").queryAs(HBox.class).getStyleClass().contains("banner-within-noise"));
    }

    @Test
    void tp4MarksRankTwoAsTheOrigin(FxRobot robot) {
        open("tp4-origin");
        assertEquals(2, Fx.call(() -> vm.left().manifest().rank()));
        Button origin = cell(robot, "pair-cell-1-1-2");
        assertTrue(Fx.call(() -> origin.getStyleClass().contains("pair-origin")));
        assertTrue(Fx.call(origin::getText).startsWith("*DIVERGENT"));
        Button carried = cell(robot, "pair-cell-1-1-0");
        assertFalse(Fx.call(() -> carried.getStyleClass().contains("pair-origin")));
        String attnOut = "DIVERGENT at layers.2.self_attn.attn_out";
        assertEquals(java.util.List.of("rank 0  —  " + attnOut, "rank 1  —  " + attnOut,
                "rank 2  —  DIVERGENT at layers.2.self_attn.q_rope · origin rank", "rank 3  —  " + attnOut), options(robot, "left-rank"));
    }
}
