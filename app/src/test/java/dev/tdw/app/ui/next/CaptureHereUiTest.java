package dev.tdw.app.ui.next;

import dev.tdw.app.ui.WorkbenchApp;
import dev.tdw.app.ui.WorkbenchViewModel;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.app.ui.testing.SystemProperty;
import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.bridge.capture.RunHistory;
import javafx.scene.control.Control;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Capture Tensors Here…" in the real window from the Pairs view's cells and the Runs view's rows: the item is the
 * one {@link CaptureHereItem}, and the dialog it opens proposes that pair's or run's forward and rank.
 */
@ExtendWith(ApplicationExtension.class)
class CaptureHereUiTest {
    @TempDir Path tmp;
    WorkbenchApp.Session session;
    WorkbenchViewModel vm;
    SystemProperty configDir;

    @Start
    void start(Stage stage) {
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
        vm = session.vm();
    }

    @BeforeEach
    void config() {
        configDir = SystemProperty.set(RunHistory.CONFIG_DIR_PROPERTY, tmp.resolve("config"));
    }

    @AfterEach
    void restore() {
        configDir.close();
        Fx.run(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getTitle() != null
                && s.getTitle().startsWith("Capture tensors at")).toList().forEach(w -> ((Stage) w).close()));
    }

    private MenuItem item(FxRobot robot, String nodeId, String itemId) {
        Fx.await(() -> robot.lookup("#" + nodeId).tryQuery().isPresent());
        Control node = robot.lookup("#" + nodeId).queryAs(Control.class);
        return Fx.call(() -> node.getContextMenu() == null ? null
                : node.getContextMenu().getItems().stream().filter(i -> itemId.equals(i.getId())).findFirst().orElse(null));
    }

    /** Fires the item and returns the left side's probe variables in the dialog it opened. */
    private String proposed(FxRobot robot, MenuItem item) {
        Fx.run(item::fire);
        Fx.await(() -> robot.lookup("#left-probe").tryQuery().isPresent()
                && !robot.lookup("#left-probe").queryAs(TextArea.class).getText().isEmpty());
        // The narrowed selection, which leads the run's whole environment (DUMP_PROBE=1, its folder, ... follow).
        return Fx.call(() -> robot.lookup("#left-probe").queryAs(TextArea.class).getText()).split(" DUMP_PROBE=1 ")[0];
    }

    @Test
    void theTp4OriginRankTwoCellProposesRankTwo(FxRobot robot) {
        Fx.run(() -> vm.openPair(Captures.dir("tp4-origin", "baseline"), Captures.dir("tp4-origin", "candidate")));
        Fx.await(() -> vm.comparison() != null && vm.sets().result() != null);
        MenuItem item = item(robot, "pair-cell-1-1-2", "pair-capture-here");
        assertEquals(CaptureHereItem.TEXT, Fx.call(item::getText));
        assertFalse(Fx.call(item::isDisable));
        assertEquals("DUMP_PROBE_TENSOR='layers\\.2\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=2",
                proposed(robot, item));
    }

    @Test
    void theChunkedPrefillSecondOccurrenceCellProposesOccurrenceTwoAndAnAlignedCellNothing(FxRobot robot) {
        Fx.run(() -> vm.openPair(Captures.dir("chunked-prefill", "baseline"), Captures.dir("chunked-prefill", "candidate")));
        Fx.await(() -> vm.comparison() != null && vm.sets().result() != null);
        assertTrue(Fx.call(() -> item(robot, "pair-cell-2-1-1", "pair-capture-here").isDisable()), "an aligned pair");
        assertTrue(proposed(robot, item(robot, "pair-cell-1-2-1", "pair-capture-here")).endsWith(" DUMP_PROBE_OCCURRENCE=2 DUMP_PROBE_RANKS=1"));
    }

    @Test
    void theRunBeyondNoiseProposesThatRun(FxRobot robot) {
        Fx.run(() -> vm.openPair(Captures.dir("intermittent", "baseline"), Captures.dir("intermittent", "candidate")));
        Fx.await(() -> vm.runs().result() != null);
        assertTrue(Fx.call(() -> item(robot, "run-verdict-0", "run-capture-here").isDisable()), "a run within noise");
        MenuItem run3 = item(robot, "run-verdict-2", "run-capture-here");
        assertEquals("DUMP_PROBE_TENSOR='layers\\.4\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=0",
                proposed(robot, run3));
        assertTrue(Fx.call(() -> robot.lookup("#right-probe").queryAs(TextArea.class).getText()).split(" DUMP_PROBE=1 ")[0].endsWith("DUMP_PROBE_RANKS=0"));
        assertTrue(Fx.call(() -> Window.getWindows().stream().anyMatch(w -> w instanceof Stage s
                && "Capture tensors at layers.4.self_attn.attn_out#0".equals(s.getTitle()))));
    }
}
