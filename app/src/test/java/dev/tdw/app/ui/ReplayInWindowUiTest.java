package dev.tdw.app.ui;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.app.ui.config.UserConfig;
import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.replay.ReplayDialogModel;
import dev.tdw.app.ui.table.RowNode;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.app.ui.testing.SystemProperty;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.report.Json;
import javafx.geometry.Point2D;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeTableRow;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.PickResult;
import javafx.stage.Stage;
import javafx.stage.Window;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replays launched from the real main window, headless: the result always shows (issue 11's defect: launched while the
 * Detail tab showed, the Tensors tab stayed on "Reading the payloads ..."), the status bar reports start and verdict,
 * the stage's detail and the saved report list the run, row-limited inputs are refused, and the two captures' replays
 * land in different folders.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class ReplayInWindowUiTest {
    static final Path REPLAY_INPUTS = Captures.dir("replay-inputs", "capture");

    @TempDir Path tmp;

    private WorkbenchApp.Session session;
    private WorkbenchViewModel vm;
    private FxTaskRunner tasks;
    private SystemProperty cacheDir, configDir;

    @Start
    void start(Stage stage) {
        // Replay outputs and remembered choices go to this test's folders, not the user's.
        cacheDir = SystemProperty.set(ReplayDialogModel.CACHE_DIR_PROPERTY, tmp.resolve("cache"));
        configDir = SystemProperty.set(UserConfig.DIR_PROPERTY, tmp.resolve("config"));
        tasks = new FxTaskRunner();
        session = WorkbenchApp.show(stage, tasks, Optional.empty());
        vm = session.vm();
    }

    @AfterEach
    void end() {
        cacheDir.close();
        configDir.close();
    }

    private void open(Path left, Path right) {
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.comparison() != null && vm.comparison().left().path().startsWith(left));
    }

    /** The tab pane of Detail, Scan and Tensors (the window has others). */
    private TabPane tabs(FxRobot robot) {
        return robot.lookup(".tab-pane").queryAllAs(TabPane.class).stream()
                .filter(t -> t.getTabs().stream().anyMatch(tab -> "tensor-tab".equals(tab.getId()))).findFirst().orElseThrow();
    }

    /** Raises the row's context menu as a desktop would (Monocle raises none for a right click) and picks a replay. */
    private Stage launchReplay(FxRobot robot, String key, String side) {
        Fx.run(() -> vm.select(key));
        Fx.await(() -> robot.lookup(".tree-table-row-cell").queryAll().stream()
                .anyMatch(n -> n instanceof TreeTableRow<?> r && r.getItem() instanceof RowNode.Leaf l && l.row().key().equals(key)));
        TreeTableRow<?> row = (TreeTableRow<?>) robot.lookup(".tree-table-row-cell").queryAll().stream()
                .filter(n -> n instanceof TreeTableRow<?> r && r.getItem() instanceof RowNode.Leaf l && l.row().key().equals(key))
                .findFirst().orElseThrow();
        Fx.run(() -> {
            Point2D at = row.localToScreen(20, 5);
            row.fireEvent(new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED, 20, 5, at.getX(), at.getY(), false,
                    new PickResult(row, at.getX(), at.getY())));
        });
        Fx.await(() -> Window.getWindows().stream().anyMatch(w -> w instanceof ContextMenu && w.isShowing()));
        ContextMenu menu = Fx.call(() -> (ContextMenu) Window.getWindows().stream()
                .filter(w -> w instanceof ContextMenu && w.isShowing()).findFirst().orElseThrow());
        MenuItem item = menu.getItems().stream().filter(i -> ("replay-" + side).equals(i.getId())).findFirst().orElseThrow();
        Fx.run(() -> {
            menu.hide();
            item.fire();
        });
        String title = "Replay " + key + " (" + side + ")";
        Fx.await(() -> Window.getWindows().stream().anyMatch(w -> w instanceof Stage s && s.isShowing() && title.equals(s.getTitle())));
        return Fx.call(() -> (Stage) Window.getWindows().stream().filter(w -> w instanceof Stage s && s.isShowing() && title.equals(s.getTitle()))
                .findFirst().orElseThrow());
    }

    private static DialogPane pane(Stage dialog) {
        return (DialogPane) dialog.getScene().getRoot();
    }

    private static <T extends javafx.scene.Node> T in(Stage dialog, String id, Class<T> type) {
        return type.cast(dialog.getScene().lookup("#" + id));
    }

    /** Presses Replay and waits until the dialog closed on success. */
    private void replay(Stage dialog) {
        Button run = Fx.call(() -> in(dialog, "replay-run", Button.class));
        assertFalse(Fx.call(run::isDisabled), Fx.call(() -> in(dialog, "replay-problems", Label.class).getText()));
        Fx.run(run::fire);
        Fx.await(() -> !dialog.isShowing());
    }

    @Test
    void aReplayLaunchedFromTheDetailTabShowsItsResultAndReportsInTheStatusBar(FxRobot robot) throws Exception {
        open(REPLAY_INPUTS, REPLAY_INPUTS);
        // The Detail tab shows; the tensor comparison of the selected stage waits for its tab (the defect's condition).
        Fx.run(() -> tabs(robot).getSelectionModel().select(0));
        Fx.run(() -> vm.select("layers.3.post_attention_layernorm#0"));
        Stage dialog = launchReplay(robot, "add_rms_norm#3", "right");
        assertTrue(Fx.call(() -> pane(dialog).getHeaderText()).contains("the right capture (folder " + REPLAY_INPUTS));
        replay(dialog);

        Fx.await(() -> vm.tensors().reportProperty().get() != null);
        assertEquals("tensor-tab", Fx.call(() -> tabs(robot).getSelectionModel().getSelectedItem().getId()));
        assertEquals("", Fx.call(() -> vm.tensors().messageProperty().get()), "not stuck on reading the payloads");
        assertTrue(Fx.call(() -> vm.tensors().sourceProperty().get()).endsWith("candidate.pt"));
        assertEquals("add_rms_norm#3:out#0", Fx.call(() -> vm.tensors().keyProperty().get()));
        String status = Fx.call(() -> robot.lookup("#status-message").queryAs(Label.class).getText());
        assertTrue(status.startsWith("Replay finished: PASS: add_rms_norm#3 (right capture) as add_rms_norm"), status);

        List<ReplayRun> runs = Fx.call(() -> vm.historyProperty().get().replays());
        assertEquals(1, runs.size());
        assertEquals(TensorsVerdict.PASS, runs.get(0).verdict());
        // The stage's detail lists the run.
        Fx.run(() -> {
            tabs(robot).getSelectionModel().select(0);
            vm.select("add_rms_norm#3");
        });
        Fx.await(() -> robot.lookup("#detail-replays").tryQuery().isPresent());
        assertEquals(List.of(runs.get(0).summary()), Fx.call(() -> vm.detail().detailProperty().get().replays()));

        // The saved report lists it, in the one history, with its verdict and tolerances.
        Path html = tmp.resolve("report/report.html");
        AtomicReference<Object> written = new AtomicReference<>();
        Fx.run(() -> session.window().saveReport(html, written::set));
        Fx.await(() -> written.get() != null);
        JsonNode report = Json.mapper().readTree(tmp.resolve("report/report.json").toFile());
        assertNull(report.get("replays"), "no second history");
        List<JsonNode> replaySteps = new ArrayList<>();
        report.get("history").get("steps").forEach(s -> { if (s.get("kind").asText().equals("replay")) replaySteps.add(s); });
        assertEquals(1, replaySteps.size());
        JsonNode replay = replaySteps.get(0).get("replay");
        assertEquals("PASS", replay.get("verdict").asText());
        assertEquals("right", replay.get("side").asText());
        assertEquals(0.01, replay.get("atol").asDouble());
        assertEquals(runs.get(0).summary(), replaySteps.get(0).get("finding").asText());
        String page = Files.readString(html);
        assertTrue(page.contains("<h2>How this was found</h2>") && page.contains("tdw replay --dump "), "the HTML lists the run");
        assertTrue(page.indexOf("<td>comparison</td>") < page.indexOf("<td>replay</td>"), "after the comparison that led to it");
    }

    @Test
    void aRowLimitedInputSetIsRefusedUnlessTheUserOverrides(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Stage dialog = launchReplay(robot, "add_rms_norm#3", "left");
        Label note = Fx.call(() -> in(dialog, "replay-row-limit-note", Label.class));
        assertTrue(Fx.call(note::isVisible));
        assertTrue(Fx.call(note::getText).startsWith("add_rms_norm#3 was captured row-limited by DUMP_PROBE_ROWS: x: 4 of 12 rows saved"),
                Fx.call(note::getText));
        assertTrue(Fx.call(() -> in(dialog, "replay-run", Button.class).isDisabled()), "refused before running");
        assertTrue(Fx.call(() -> in(dialog, "replay-problems", Label.class).getText()).contains("row-limited"));
        Fx.run(() -> in(dialog, "replay-allow-row-limited", CheckBox.class).setSelected(true));
        assertFalse(Fx.call(() -> in(dialog, "replay-run", Button.class).isDisabled()), "the user overrode the refusal");
        assertTrue(Fx.call(() -> in(dialog, "replay-command-line", TextField.class).getText()).contains("--allow-row-limited"));
        Fx.run(() -> ((Button) pane(dialog).lookupButton(ButtonType.CLOSE)).fire());
        Fx.await(() -> !dialog.isShowing());
        assertTrue(Fx.call(() -> vm.historyProperty().get().replays().isEmpty()));
    }

    @Test
    void aForcedRowLimitedReplayCarriesItsCaveatInThePaneTheStatusAndTheReport(FxRobot robot) throws Exception {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Stage dialog = launchReplay(robot, "add_rms_norm#3", "left");
        Fx.run(() -> in(dialog, "replay-allow-row-limited", CheckBox.class).setSelected(true));
        replay(dialog);
        Fx.await(() -> robot.lookup("#tensor-verdict").tryQuery().isPresent());
        String caveat = dev.tdw.model.replay.RowLimit.FORCED_CAVEAT;
        Label verdict = robot.lookup("#tensor-verdict").queryAs(Label.class);
        assertTrue(Fx.call(verdict::getText).endsWith("(" + caveat + ")"), Fx.call(verdict::getText));
        assertFalse(Fx.call(() -> verdict.getStyleClass().contains("tensor-ok")), "never drawn as a clean pass");
        String status = Fx.call(() -> vm.statusProperty().get());
        assertTrue(status.startsWith("Replay finished: ") && status.contains("(" + caveat + "): add_rms_norm#3"), status);

        Path html = tmp.resolve("forced/report.html");
        AtomicReference<Object> written = new AtomicReference<>();
        Fx.run(() -> session.window().saveReport(html, written::set));
        Fx.await(() -> written.get() != null);
        JsonNode report = Json.mapper().readTree(tmp.resolve("forced/report.json").toFile());
        JsonNode step = null;
        for (JsonNode s : report.get("history").get("steps")) if (s.get("kind").asText().equals("replay")) step = s;
        assertEquals(caveat, step.get("replay").get("verdict_caveat").asText());
        assertTrue(step.get("finding").asText().contains(caveat));
        assertTrue(Files.readString(html).contains(caveat), "the HTML report says it too");
    }

    @Test
    void leftAndRightReplaysLandInDifferentFoldersAndNeverOverwriteEachOther(FxRobot robot) throws Exception {
        open(REPLAY_INPUTS, REPLAY_INPUTS);
        Stage left = launchReplay(robot, "add_rms_norm#3", "left");
        String leftOut = Fx.call(() -> in(left, "replay-out-dir", TextField.class).getText());
        replay(left);
        Fx.await(() -> vm.historyProperty().get().replays().size() == 1);
        Path leftReference = Fx.call(() -> vm.historyProperty().get().replays().get(0).referenceFile());
        long leftWritten = Files.getLastModifiedTime(leftReference).toMillis();

        Stage right = launchReplay(robot, "add_rms_norm#3", "right");
        String rightOut = Fx.call(() -> in(right, "replay-out-dir", TextField.class).getText());
        assertNotEquals(leftOut, rightOut);
        assertTrue(leftOut.contains("-left-") && rightOut.contains("-right-"), leftOut + " / " + rightOut);
        // Typing the left folder in the right dialog: it already holds a replay, so it needs "Replace".
        Fx.run(() -> in(right, "replay-out-dir", TextField.class).setText(leftOut));
        assertTrue(Fx.call(() -> in(right, "replay-run", Button.class).isDisabled()));
        assertTrue(Fx.call(() -> in(right, "replay-out-dir-note", Label.class).getText()).contains("already holds a replay"));
        Fx.run(() -> in(right, "replay-out-dir", TextField.class).setText(rightOut));
        replay(right);
        Fx.await(() -> vm.historyProperty().get().replays().size() == 2);

        List<ReplayRun> runs = Fx.call(() -> vm.historyProperty().get().replays());
        assertEquals(List.of("left", "right"), runs.stream().map(ReplayRun::side).toList());
        assertNotEquals(runs.get(0).outDir(), runs.get(1).outDir());
        assertEquals(leftWritten, Files.getLastModifiedTime(leftReference).toMillis(), "the left replay's files are untouched");

        // A second left replay gets a fresh default folder rather than the first one's.
        Stage again = launchReplay(robot, "add_rms_norm#3", "left");
        assertEquals(leftOut + "-2", Fx.call(() -> in(again, "replay-out-dir", TextField.class).getText()));
        Fx.run(() -> ((Button) pane(again).lookupButton(ButtonType.CLOSE)).fire());
        Fx.await(() -> !again.isShowing());
    }
}
