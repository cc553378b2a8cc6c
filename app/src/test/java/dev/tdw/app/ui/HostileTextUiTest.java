package dev.tdw.app.ui;

import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.model.testing.Slow;
import dev.tdw.model.text.SafeText;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.TabPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15 item 7 in the window: a stage name carrying an escape sequence (ESC [2J), a right-to-left override (U+202E),
 * invisible characters (U+200B, U+FEFF; issue 31) and a newline is shown escaped in every text the window renders
 * (table cells, banners, detail, scan, chart, title).
 */
@ExtendWith(ApplicationExtension.class)
class HostileTextUiTest {
    static final String EVIL = "evil\u001b[2J\u202e\u200b\ufeff\nforged";
    static final String SHOWN = "evil\\u001b[2J\\u202e\\u200b\\ufeff\\u000aforged";

    private WorkbenchApp.Session session;
    private WorkbenchViewModel vm;

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
        vm = session.vm();
    }

    private static String record(String stage, int order, double maxAbs) {
        return "{\"stage\": \"" + stage.replace("\u001b", "\\u001b").replace("\u202e", "\\u202e").replace("\n", "\\n") + "\", \"order\": " + order
                + ", \"shape\": [4], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 4096, \"storage_offset\": " + order
                + ", \"summary\": {\"nan_count\": 0, \"inf_count\": 0, \"max_abs\": " + maxAbs + ", \"min\": 0, \"max\": " + maxAbs
                + ", \"mean\": 0.5}}";
    }

    private Path capture(String name, double evilValue) throws Exception { return capture(name, evilValue, 1); }

    /** One manifest per rank, the hostile stage second in each. */
    private Path capture(String name, double evilValue, int ranks) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        for (int rank = 0; rank < ranks; rank++) {
            Files.writeString(dir.resolve("cmpl-x-rank" + rank + ".json"), "{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"cmpl-x\", \"rank\": "
                    + rank + ", \"match_index\": 1, \"occurrence\": 1, \"records\": [" + record("layers.0.fine", 0, 1.0) + ", "
                    + record("layers.0." + EVIL, 1, evilValue) + "]}");
        }
        return dir;
    }

    @Test
    void thePickersVerdictsAndTheOverviewShowAHostileStageNameEscaped(FxRobot robot) throws Exception {
        Path left = capture("left", 1.0, 2), right = capture("right", 9.0, 2);
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.sets().openProperty().get() != null && vm.comparison() != null);
        assertSafe(renderedTexts(), "overview");
        robot.clickOn("#left-rank");
        Fx.await(() -> robot.lookup(".combo-box-popup .list-cell").queryAll().stream().anyMatch(Node::isVisible));
        List<String> options = Fx.call(() -> robot.lookup(".combo-box-popup .list-cell").queryAllAs(javafx.scene.control.ListCell.class)
                .stream().filter(c -> !c.isEmpty() && c.getText() != null).map(javafx.scene.control.ListCell::getText).toList());
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        assertSafe(options, "rank picker");
        assertEquals(2, options.size(), options.toString());
        for (String o : options) assertTrue(o.contains("DIVERGENT at layers.0." + SHOWN), o);
    }

    /** Every text a node of the window renders: labels, buttons, links, cells, text nodes and tooltips. */
    private static void texts(Node n, List<String> out) {
        if (n instanceof Labeled l && l.getText() != null) out.add(l.getText());
        if (n instanceof Text t && t.getText() != null) out.add(t.getText());
        if (n instanceof Control c && c.getTooltip() != null) out.add(c.getTooltip().getText());
        if (n instanceof Parent p) for (Node child : p.getChildrenUnmodifiable()) texts(child, out);
    }

    private List<String> renderedTexts() {
        return Fx.call(() -> {
            List<String> out = new ArrayList<>();
            Stage stage = (Stage) session.window().getScene().getWindow();
            out.add(stage.getTitle());
            texts(stage.getScene().getRoot(), out);
            return out;
        });
    }

    private static void assertSafe(List<String> texts, String where) {
        for (String t : texts) {
            assertTrue(t.equals(SafeText.lines(t)), where + ": a rendered text is not escaped: " + SafeText.of(t));
            // Our own layout may break lines; a newline inside the stage name may not (it would forge a line).
            assertFalse(t.contains("\nforged"), where + ": a newline from the capture is shown raw: " + SafeText.of(t));
        }
    }

    @Slow
    @Test
    void aStageNameWithAnEscapeAndABidiOverrideIsShownEscapedEverywhere(FxRobot robot) throws Exception {
        Path left = capture("left", 1.0), right = capture("right", 9.0);
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.comparison() != null);
        String key = "layers.0." + EVIL + "#0";
        Fx.run(() -> vm.select(key));
        Fx.await(() -> key.equals(vm.selectedKeyProperty().get()));
        List<String> texts = renderedTexts();
        assertSafe(texts, "table and detail");
        assertTrue(texts.stream().anyMatch(t -> t.contains(SHOWN)), "the key is shown, escaped: " + texts);
        // The banner names the first divergence, which is this stage.
        assertTrue(texts.stream().anyMatch(t -> t.contains("first divergence") && t.contains(SHOWN)), texts.toString());
        TabPane detail = robot.lookup("#detail-tabs").queryAs(TabPane.class);
        for (int i = 0; i < Fx.call(() -> detail.getTabs().size()); i++) {
            int tab = i;
            Fx.run(() -> detail.getSelectionModel().select(tab));
            assertSafe(renderedTexts(), "detail tab " + tab);
        }
    }
}
