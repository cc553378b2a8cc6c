package dev.tdw.app.ui.next;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.WorkbenchApp;
import dev.tdw.app.ui.WorkbenchViewModel;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.app.ui.testing.SystemProperty;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.model.history.Step;
import dev.tdw.model.history.StepKind;
import dev.tdw.model.report.Json;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole loop in the real window, headless: a summary-only pair from the test reproduction, Device > Capture
 * Tensors at First Divergence, Start, and the two new captures loaded with the Tensors tab open at that stage.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(360)
class NextCaptureLoopUiTest {
    @TempDir Path tmp;
    WorkbenchApp.Session session;
    WorkbenchViewModel vm;
    SystemProperty configDir;

    @Start
    void start(Stage stage) {
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
        vm = session.vm();
    }

    @AfterEach
    void restore() {
        if (configDir != null) configDir.close();
    }

    @Test
    void fromTheFirstDivergenceOfASummaryOnlyPairToItsTensorsInOneAction(FxRobot robot) throws Exception {
        LoopFixture fx = LoopFixture.create(tmp);
        configDir = SystemProperty.set(RunHistory.CONFIG_DIR_PROPERTY, tmp.resolve("config"));
        RunHistory history = RunHistory.inUserConfig();
        history.remember(fx.baseline());
        history.remember(fx.candidate());

        Fx.run(() -> vm.openPair(fx.baseline().outputDirectory(), fx.candidate().outputDirectory()));
        Fx.await(() -> vm.comparison() != null);
        // The pair on screen: the window lands on the origin rank of the first divergent forward.
        String first = Fx.call(() -> vm.comparison().diff().firstDivergent() == null ? null : vm.comparison().diff().firstDivergent().key());
        assertEquals("layers.2.self_attn.q_rope#0", first, "the window shows rank 1's pair, where the bug is");

        Fx.run(() -> ((MenuBar) session.window().lookup("#menu-bar")).getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> "capture-first-divergence-item".equals(i.getId())).findFirst().orElseThrow().fire());
        Fx.await(() -> robot.lookup("#left-probe").tryQuery().isPresent()
                && !robot.lookup("#left-probe").queryAs(javafx.scene.control.TextArea.class).getText().isEmpty()
                && !robot.lookup("#right-command").queryAs(TextField.class).getText().isEmpty());
        // The whole environment of the run before Start: switched on, its own new folder, the narrowed selection.
        String probe = Fx.call(() -> robot.lookup("#right-probe").queryAs(javafx.scene.control.TextArea.class).getText());
        assertTrue(probe.startsWith("DUMP_PROBE_TENSOR='layers\\.2\\.' DUMP_PROBE_ROWS=6 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=2"
                + " DUMP_PROBE_RANKS=1 DUMP_PROBE=1 DUMP_PROBE_DIR="), probe);

        // Fired, not clicked: windows left open by earlier test classes may lie over the dialog on the headless screen.
        Fx.run(() -> robot.lookup("#next-start").queryAs(javafx.scene.control.Button.class).fire());
        WaitForAsyncUtils.waitFor(240, TimeUnit.SECONDS, () -> Fx.call(() -> vm.comparison() != null
                && vm.comparison().left().path().toString().contains("baseline-layers.2")
                && "layers.2.self_attn.q_rope#0".equals(vm.selectedKeyProperty().get())
                && session.window().lookup("#detail-tabs") instanceof TabPane tp && "tensor-tab".equals(tp.getSelectionModel().getSelectedItem().getId())));
        assertTrue(Fx.call(() -> vm.tensors().keyFor("layers.2.self_attn.q_rope#0").isPresent()), "both sides saved the stage's tensor");
        assertTrue(Fx.call(() -> vm.comparison().right().path().toString().contains("candidate-layers.2")));

        // Exactly what each side's reproduction saw: the plan's selection, statistics as before, and the new folder,
        // which is the one loaded, next to the old capture, named for the run and the layer (the minute is the clock's).
        Path leftLoaded = Fx.call(() -> vm.comparison().left().path().getParent());
        Path rightLoaded = Fx.call(() -> vm.comparison().right().path().getParent());
        sawExactly("left", fx.baseline(), Fx.call(() -> vm.comparison().left().path().getParent()));
        sawExactly("right", fx.candidate(), Fx.call(() -> vm.comparison().right().path().getParent()));
        // The one history, as the History tab lists it: the first comparison, both captures, the comparison of the new pair.
        Fx.run(() -> ((TabPane) session.window().lookup("#detail-tabs")).getSelectionModel().select(3));
        @SuppressWarnings("unchecked")
        TableView<Step> steps = Fx.call(() -> (TableView<Step>) session.window().lookup("#history-table"));
        assertEquals(Fx.call(() -> vm.historyProperty().get().steps()), Fx.call(() -> List.copyOf(steps.getItems())));
        assertEquals(List.of(StepKind.COMPARISON, StepKind.CAPTURE, StepKind.CAPTURE, StepKind.COMPARISON),
                Fx.call(() -> steps.getItems().stream().map(Step::kind).toList()));
        assertTrue(Fx.call(() -> steps.getItems().get(1).finding()).startsWith("left: exit 0, captured into "));
    }

    /** The side's reproduction saw exactly the plan's variables, with {@code loaded} (the new capture) as its folder. */
    private void sawExactly(String side, RememberedRun old, Path loaded) throws Exception {
        Map<String, String> expected = new TreeMap<>(Map.of("DUMP_PROBE", "1", "DUMP_PROBE_DIR", loaded.toString(),
                "DUMP_PROBE_MATCH", "1", "DUMP_PROBE_OCCURRENCE", "2", "DUMP_PROBE_RANKS", "1", "DUMP_PROBE_ROWS", "6",
                "DUMP_PROBE_SUMMARY", "", "DUMP_PROBE_TENSOR", "layers\\.2\\."));
        assertEquals(expected, seen(tmp.resolve(side + "-env.json")), side + " side");
        assertEquals(old.outputDirectory().toRealPath().getParent(), loaded.getParent(), "next to the old capture");
        assertTrue(loaded.getFileName().toString().matches("\\d{4}-\\d{2}-\\d{2}_\\d{4}_" + old.runName() + "-layers\\.2"), loaded.toString());
    }

    private static Map<String, String> seen(Path file) throws Exception {
        Map<String, String> m = new TreeMap<>();
        JsonNode n = Json.mapper().readTree(file.toFile());
        n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }
}
