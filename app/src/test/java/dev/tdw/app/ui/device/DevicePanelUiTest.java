package dev.tdw.app.ui.device;

import dev.tdw.app.ui.capture.Side;

import dev.tdw.app.ui.testing.DirectTaskRunner;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.bridge.capture.CompletionProbe;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.model.testing.Slow;
import dev.tdw.model.testing.TestCaptures;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import static dev.tdw.app.ui.device.FxTestSupport.await;
import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Device panel headless on Monocle, driven through its controls. */
@ExtendWith(ApplicationExtension.class)
@Timeout(90)
class DevicePanelUiTest {
    @TempDir Path tmp;

    final RecordingActions actions = new RecordingActions();
    /** Background work runs at once on the calling (FX) thread: no pool to wait for. */
    final DirectTaskRunner pool = new DirectTaskRunner();
    DevicePanelViewModel vm;
    final java.util.concurrent.atomic.AtomicInteger closed = new java.util.concurrent.atomic.AtomicInteger();

    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        RuntimeInventory noCann = new RuntimeInventory(() -> new RuntimeDiscovery(new AscendLibraryLocator(Path.of("/nonexistent-cann")).locate()));
        vm = new DevicePanelViewModel(new RuntimesViewModel(noCann, pool),
                new CaptureRunViewModel(actions, new RunHistory(tmp.resolve("runs.json")), pool, Clock.systemUTC()),
                new ServiceArmingViewModel(new CompletionProbe(Duration.ofSeconds(1)), pool));
        stage.setScene(new Scene(new DevicePanel(vm, closed::incrementAndGet), 1200, 950));
        stage.show();
    }

    @AfterEach
    void end() throws Exception {
        vm.shutdown();
    }

    private void tab(FxRobot robot, int index) {
        run(() -> robot.lookup(".tab-pane").queryAs(TabPane.class).getSelectionModel().select(index));
    }

    @Test
    void refreshListsTheRuntimes(FxRobot robot) {
        robot.clickOn("#device-refresh");
        TableView<?> table = robot.lookup("#device-runtimes").queryAs(TableView.class);
        assertTrue(call(() -> table.getItems().size() == 4), "listed");
        assertTrue(call(() -> robot.lookup("#device-runtimes-status").queryAs(Label.class).getText()).startsWith("no Ascend runtime"));
    }

    @Slow
    @Test
    void aTypedRunStartsLogsAndItsCaptureLoadsIntoTheRightSide(FxRobot robot) {
        tab(robot, 1);
        Path template = TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.json");
        run(() -> {
            vm.capture().workingDirectoryProperty().set(tmp.toString());
            vm.capture().captureRootProperty().set(tmp.resolve("captures").toString());
        });
        robot.clickOn("#device-env").write("T=" + template);
        robot.clickOn("#device-command").write("echo hello; cp $T $DUMP_PROBE_DIR");
        robot.clickOn("#device-start");

        await("offered", () -> !robot.lookup("#device-load-right").queryAs(Button.class).isDisabled());
        await("ended", () -> !vm.capture().runningProperty().get());
        ListView<?> log = robot.lookup("#device-log").queryAs(ListView.class);
        assertTrue(call(() -> log.getItems().contains("hello")));
        robot.clickOn("#device-load-right");
        assertEquals(1, actions.loads.size());
        assertEquals(Side.RIGHT, actions.loads.get(0).side());
        assertEquals(tmp.resolve("captures"), actions.loads.get(0).dir().getParent());
        assertTrue(call(() -> robot.lookup("#device-offered").queryAs(Label.class).getText()).startsWith("new capture: " + tmp.resolve("captures")));
        // After the run the status line is long; in a narrow window Start and Stop still show their words, not "...".
        robot.interact(() -> stage.setWidth(800));
        robot.interact(() -> { });
        for (String id : List.of("#device-start", "#device-stop")) {
            Button b = robot.lookup(id).queryAs(Button.class);
            assertEquals(call(b::getText), call(() -> ((javafx.scene.text.Text) b.lookup(".text")).getText()), id + " cut");
        }
    }

    /** The host typed in "Run on" is the form's, and the line above Start says where and what runs. */
    @Test
    void aTypedHostIsShownBeforeStart(FxRobot robot) {
        tab(robot, 1);
        robot.clickOn("#device-command").write("python3 repro.py");
        Label preview = robot.lookup("#device-preview").queryAs(Label.class);
        assertTrue(call(preview::getText).startsWith("Start runs on this machine: $ python3 repro.py"), call(preview::getText));
        robot.clickOn("#device-host").write("ssh://me@npu01:2222");
        assertEquals("ssh://me@npu01:2222", call(() -> vm.capture().hostProperty().get()));
        assertTrue(call(preview::getText).startsWith("Start runs on ssh://me@npu01:2222 (over SSH; Stop ends its process group there): $ python3 repro.py"),
                call(preview::getText));
        // The folders are the host's now: this machine's folder chooser does not apply.
        List<Button> browse = robot.lookup(".button").queryAllAs(Button.class).stream().filter(b -> "Browse...".equals(b.getText())).toList();
        assertEquals(2, browse.size());
        assertTrue(call(() -> browse.stream().allMatch(Button::isDisabled)));
    }

    @Test
    void theNewCapturesChoiceSetsWhereTheyAreLoaded(FxRobot robot) {
        tab(robot, 1);
        @SuppressWarnings("unchecked")
        ChoiceBox<Side> choice = robot.lookup("#device-auto-load").queryAs(ChoiceBox.class);
        robot.interact(() -> choice.getSelectionModel().select(2));
        assertEquals(Side.RIGHT, call(() -> vm.capture().autoLoadProperty().get()));
        robot.interact(() -> choice.getSelectionModel().select(0));
        assertNull(call(() -> vm.capture().autoLoadProperty().get()));
        assertEquals("offer only", call(() -> choice.getConverter().toString(choice.getItems().get(0))));
    }

    @Test
    void aBadSettingIsShownAndStartIsDisabled(FxRobot robot) {
        tab(robot, 1);
        robot.clickOn("#device-rows").eraseText(1).write("-3");
        assertEquals(List.of("no command to run", "rows '-3': an integer of at least 0"),
                List.of(call(() -> robot.lookup("#device-problems").queryAs(Label.class).getText()).split("\n")));
        assertTrue(call(() -> robot.lookup("#device-start").queryAs(Button.class).isDisabled()));
    }

    @Test
    void anUntouchedFormGuidesInsteadOfListingProblems(FxRobot robot) {
        tab(robot, 1);
        assertEquals("", call(() -> robot.lookup("#device-problems").queryAs(Label.class).getText()), "nothing red before the user did anything");
        assertTrue(call(() -> robot.lookup("#device-guidance").queryAs(Label.class).isVisible()));
        assertTrue(call(() -> robot.lookup("#device-start").queryAs(Button.class).isDisabled()));
        for (String name : List.of("ranks", "match", "occurrence", "rows")) {
            assertTrue(call(() -> robot.lookup(".label").queryAllAs(Label.class).stream().anyMatch(l -> l.getText().equals(name))), name + " is labelled");
        }
        robot.clickOn("#device-command").write("x").eraseText(1);
        assertEquals("no command to run", call(() -> robot.lookup("#device-problems").queryAs(Label.class).getText().split("\n")[0]));
        assertTrue(call(() -> !robot.lookup("#device-guidance").queryAs(Label.class).isVisible()));
    }

    @Test
    void theRuntimesTableHasNoEmptyFillerColumn(FxRobot robot) {
        TableView<?> table = robot.lookup("#device-runtimes").queryAs(TableView.class);
        assertEquals(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN, call(table::getColumnResizePolicy));
        assertEquals(List.of("Runtime", "What it is", "Memory"), call(() -> table.getColumns().stream().map(c -> c.getText()).toList()));
    }

    @Test
    void closeAndEscapeHideThePanel(FxRobot robot) {
        robot.clickOn("#device-close");
        assertEquals(1, closed.get());
        robot.clickOn("#device-refresh");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        assertEquals(2, closed.get());
    }

    @Test
    void armWithoutASentinelSaysWhatIsMissing(FxRobot robot) {
        tab(robot, 2);
        robot.clickOn("#arm-arm");
        assertEquals("name the sentinel file (DUMP_PROBE_ENABLE_FILE) the service was started with",
                call(() -> robot.lookup("#arm-status").queryAs(Label.class).getText()));
    }

    @Slow
    @Test
    void armAndDisarmCreateAndRemoveTheSentinel(FxRobot robot) {
        tab(robot, 2);
        Path sentinel = tmp.resolve("probe.enable");
        robot.clickOn("#arm-sentinel").write(sentinel.toString());
        robot.clickOn("#arm-arm");
        assertTrue(Files.exists(sentinel));
        assertEquals("ARMED: the next forward is captured", call(() -> robot.lookup("#arm-state").queryAs(Label.class).getText()));
        robot.clickOn("#arm-disarm");
        assertTrue(Files.notExists(sentinel));
        assertEquals("disarmed", call(() -> robot.lookup("#arm-state").queryAs(Label.class).getText()));
    }
}
