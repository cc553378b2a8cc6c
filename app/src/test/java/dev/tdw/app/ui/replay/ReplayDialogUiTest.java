package dev.tdw.app.ui.replay;

import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.ReplayChoices;
import dev.tdw.app.ui.device.RecordingActions;
import dev.tdw.app.ui.device.RuntimeInventory;
import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.testing.TestCaptures;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static dev.tdw.app.ui.device.FxTestSupport.await;
import static dev.tdw.app.ui.device.FxTestSupport.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay dialog headless on Monocle: defaults shown, a bad output directory refused, a replay run to PASS. */
@ExtendWith(ApplicationExtension.class)
@Timeout(90)
class ReplayDialogUiTest {
    static final Path CAPTURE = TestCaptures.scenario("replay-inputs").resolve("capture");

    @TempDir Path tmp;

    final RecordingActions actions = new RecordingActions();
    final FxTaskRunner tasks = new FxTaskRunner();
    final AtomicReference<Optional<ReplayRun>> result = new AtomicReference<>();
    Stage owner;
    ReplayDialogModel model;

    @Start
    void start(Stage stage) throws Exception {
        owner = stage;
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
        RuntimeInventory noCann = new RuntimeInventory(() -> new RuntimeDiscovery(new AscendLibraryLocator(Path.of("/nonexistent-cann")).locate()));
        model = ReplayDialogModel.open(new ReplayTarget(CAPTURE.resolve("cmpl-replay-rank0.pt"), "add_rms_norm", 3, "cmpl-replay", CAPTURE,
                Side.RIGHT), actions, noCann, tmp.resolve("replays"), tasks, new ReplayChoices(tmp.resolve("config/replay-choices.json")));
    }

    @AfterEach
    void end() {
        tasks.shutdown();
    }

    private void showDialog(FxRobot robot) {
        Platform.runLater(() -> result.set(ReplayDialog.show(owner, model)));
        await("the dialog is up", () -> robot.lookup("#replay-run").tryQuery().isPresent());
    }

    @Test
    void defaultsAreShownAndAReplayPassesAndOpensTheComparison(FxRobot robot) {
        showDialog(robot);
        assertEquals("add_rms_norm", call(() -> robot.lookup("#replay-operator").queryAs(ComboBox.class).getValue()));
        assertEquals("epsilon", call(() -> robot.lookup("#replay-arg-epsilon").queryAs(ComboBox.class).getValue()));
        assertEquals("host-fp32:bf16", call(() -> robot.lookup("#replay-candidate").queryAs(ComboBox.class).getValue()));
        assertEquals("host-fp64", call(() -> robot.lookup("#replay-reference").queryAs(ComboBox.class).getValue()));
        assertTrue(call(() -> robot.lookup("#replay-tolerance-note").queryAs(Label.class).getText()).startsWith("the default of add_rms_norm on torch.bfloat16"));
        assertTrue(call(() -> robot.lookup("#replay-command-line").queryAs(TextField.class).getText()).startsWith("tdw replay --dump "));

        robot.clickOn("#replay-run");
        await("closed with an outcome", () -> result.get() != null);
        assertEquals(TensorsVerdict.PASS, result.get().orElseThrow().verdict());
        Path out = ReplayDialogModelTest.realPath(tmp).resolve("replays/cmpl-replay-right-add_rms_norm-3");
        assertEquals(List.of(new RecordingActions.Comparison(out.resolve("reference.pt"), out.resolve("candidate.pt"), true)), actions.comparisons);
    }

    @Test
    void anOutputDirectoryInTheCaptureDisablesReplay(FxRobot robot) {
        showDialog(robot);
        TextField out = robot.lookup("#replay-out-dir").queryAs(TextField.class);
        robot.clickOn(out).eraseText(call(() -> out.getText().length())).write(CAPTURE.resolve("out").toString());
        assertTrue(call(() -> robot.lookup("#replay-problems").queryAs(Label.class).getText())
                .endsWith("outputs never go into a capture"));
        assertTrue(call(() -> robot.lookup("#replay-run").queryAs(Button.class).isDisabled()));
        robot.clickOn("Close");
        await("closed", () -> result.get() != null);
        assertTrue(result.get().isEmpty());
    }

    /** At the smallest screens the workbench supports the dialog fits, scrolls its form and keeps Replay and Close in view. */
    @Test
    void theDialogFitsSmallScreensWithItsButtonsInViewAndNothingOverlapping(FxRobot robot) {
        for (javafx.geometry.Rectangle2D screen : List.of(new javafx.geometry.Rectangle2D(0, 0, 800, 500), new javafx.geometry.Rectangle2D(0, 0, 1024, 700))) {
            AtomicReference<javafx.scene.control.Dialog<ReplayRun>> shown = new AtomicReference<>();
            Platform.runLater(() -> {
                shown.set(ReplayDialog.create(owner, model, screen));
                shown.get().show();
            });
            await("the dialog is up", () -> shown.get() != null && shown.get().isShowing());
            robot.interact(() -> { });
            robot.interact(() -> {
                var pane = shown.get().getDialogPane();
                dev.tdw.app.ui.testing.LayoutChecks.assertFits(pane.getScene().getWindow(), screen,
                        List.of(pane.lookupButton(ReplayDialog.REPLAY), pane.lookupButton(javafx.scene.control.ButtonType.CLOSE)));
            });
            robot.interact(() -> shown.get().close());
        }
    }

    @Test
    void anArgumentLeftOutInTheMiddleIsExplained(FxRobot robot) {
        showDialog(robot);
        @SuppressWarnings("unchecked")
        ComboBox<String> gamma = robot.lookup("#replay-arg-gamma").queryAs(ComboBox.class);
        robot.interact(() -> gamma.setValue("(nothing)"));
        assertTrue(call(() -> robot.lookup("#replay-problems").queryAs(Label.class).getText()).startsWith("choose the captured input for gamma"));
        assertTrue(call(() -> robot.lookup("#replay-run").queryAs(Button.class).isDisabled()));
        robot.interact(() -> gamma.setValue("gamma"));
        assertEquals("", call(() -> robot.lookup("#replay-problems").queryAs(Label.class).getText()));
        robot.clickOn("Close");
    }
}
