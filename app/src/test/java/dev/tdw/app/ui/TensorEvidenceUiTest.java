package dev.tdw.app.ui;

import dev.tdw.app.ui.table.RowNode;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.app.ui.work.FxTaskRunner;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import dev.tdw.app.ui.tensor.TensorViewModel;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableRow;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tensor evidence as a finding of the real window, headless on the shared captures (issue 11's "Done when"): the banner
 * and the table's tensor column say FAIL with the count, T selects the first tensor mismatch, graph slots are compared
 * with the eager stage of the same name and said to be cross-mode, and the Tensors tab lists every pair with its verdict.
 */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class TensorEvidenceUiTest {
    private WorkbenchApp.Session session;
    private WorkbenchViewModel vm;

    @Start
    void start(Stage stage) {
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
        vm = session.vm();
    }

    private void open(Path left, Path right) {
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.comparison() != null && vm.comparison().left().path().startsWith(left));
        Fx.await(() -> vm.tensorEvidenceProperty().get() != null);
    }

    /**
     * The words of the table's tensor column in the row of {@code key}, once the row and the column are on screen: the
     * row shows them, whole or cut with "..." at the column's width.
     */
    private String tensorCell(FxRobot robot, String key) {
        Fx.run(() -> vm.select(key));
        Fx.await(() -> row(robot, key) != null);
        var table = session.window().table();
        var column = table.getColumns().stream().filter(c -> "tensor-column".equals(c.getId())).findFirst().orElseThrow();
        Fx.run(() -> table.scrollToColumn(column));
        // The row draws the words of each column in view as a text whose user data is its column.
        Fx.await(() -> tensorText(robot, key).isPresent());
        String shown = Fx.call(() -> tensorText(robot, key).orElseThrow());
        String words = Fx.call(() -> (String) column.getCellData(row(robot, key).getIndex()));
        assertTrue(shown.equals(words) || shown.endsWith("...") && words.startsWith(shown.substring(0, shown.length() - 3)),
                shown + " for " + words);
        return words;
    }

    private static Optional<String> tensorText(FxRobot robot, String key) {
        return row(robot, key).lookupAll(".row-text").stream()
                .filter(n -> n.getUserData() instanceof javafx.scene.control.TreeTableColumn<?, ?> c && "tensor-column".equals(c.getId()))
                .map(n -> ((javafx.scene.text.Text) n).getText()).findFirst();
    }

    private static TreeTableRow<?> row(FxRobot robot, String key) {
        return (TreeTableRow<?>) robot.lookup(".tree-table-row-cell").queryAll().stream()
                .filter(n -> n instanceof TreeTableRow<?> r && r.isVisible() && r.getItem() instanceof RowNode.Leaf l && l.row().key().equals(key))
                .findFirst().orElse(null);
    }

    private String selectedRowKey() {
        return Fx.call(() -> {
            var item = session.window().table().getSelectionModel().getSelectedItem();
            return item != null && item.getValue() instanceof RowNode.Leaf l ? l.row().key() : null;
        });
    }

    @Test
    void layerBugShowsTheTensorFailAndTSelectsTheFirstTensorMismatch(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        String qRope = "layers.3.self_attn.q_rope#0";
        String line = Fx.call(() -> robot.lookup("#tensor-verdict-line").queryAs(Label.class).getText());
        assertTrue(line.startsWith("tensors FAIL · 34 pairs compared · first mismatch " + qRope + " (FAIL: 256 elements differ"), line);
        assertTrue(tensorCell(robot, qRope).startsWith("FAIL: 256 elements differ"), tensorCell(robot, qRope));
        // The cache is a tensor FAIL of its own in its row, whatever its statistics say.
        assertTrue(tensorCell(robot, "layers.3.self_attn.kv_cache#0").startsWith("FAIL: "), tensorCell(robot, "layers.3.self_attn.kv_cache#0"));
        assertEquals("ok", Fx.call(() -> vm.tensors().pairs().stream().filter(r -> r.name().equals("layers.3.mlp.down#0"))
                .findFirst().orElseThrow().status()), "within tolerance");

        Fx.run(() -> vm.select("model.embed#0"));
        robot.clickOn(session.window().table());
        robot.type(KeyCode.T);
        Fx.await(() -> qRope.equals(selectedRowKey()));
        assertEquals(qRope, Fx.call(() -> vm.selectedKeyProperty().get()));
    }

    @Test
    void theBannerNamesWhereTheRightSideIntroducesNonFiniteValues(FxRobot robot) {
        open(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        Label line = robot.lookup("#nonfinite-origin-line").queryAs(Label.class);
        assertTrue(Fx.call(() -> line.isVisible() && line.getText().startsWith("non-finite values start at layers.4.mlp.act#0")),
                Fx.call(line::getText));
        assertTrue(Fx.call(() -> robot.lookup("#verdict").queryAs(Label.class).getText()).contains("first divergence model.embed#0"));
    }

    @Test
    void theSavedReportHoldsTheTensorVerdictTheWindowShows(@TempDir Path tmp) throws Exception {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        AtomicReference<Object> written = new AtomicReference<>();
        Fx.run(() -> session.window().saveReport(tmp.resolve("report.html"), written::set));
        Fx.await(() -> written.get() != null);
        JsonNode tensors = Json.mapper().readTree(tmp.resolve("report.json").toFile()).get("diff").get("tensor_findings");
        assertEquals("FAIL", tensors.get("verdict").asText());
        assertEquals("layers.3.self_attn.q_rope#0", tensors.get("first_mismatch").asText());
        assertEquals(Fx.call(() -> vm.tensorVerdictTextProperty().get()), tensors.get("text").asText());
        assertTrue(Files.readString(tmp.resolve("report.html")).contains("<h2 id=\"tensors\">Tensors</h2>"));
    }

    @Test
    void graphModeComparesGraphSlotsWithTheEagerStagesOfTheSameName(FxRobot robot) {
        open(Captures.dir("graph-mode", "eager"), Captures.dir("graph-mode", "graph"));
        String attn = "layers.3.self_attn.attn_out#0";
        assertEquals("PASS (cross-mode: against graph:" + attn + ", rows 0..3 x 64) (left rows 0..3 of 12 saved)", tensorCell(robot, attn));

        // The Tensors tab lists the cross-mode pair with its verdict beside the pairs of the same key and the uncovered keys.
        Fx.run(() -> robot.lookup("#detail-tabs").queryAs(TabPane.class).getSelectionModel().select(2));
        @SuppressWarnings("unchecked")
        TableView<TensorViewModel.PairRow> pairs = robot.lookup("#tensor-pairs").queryAs(TableView.class);
        Fx.await(() -> !pairs.getItems().isEmpty());
        List<TensorViewModel.PairRow> rows = Fx.call(() -> List.copyOf(pairs.getItems()));
        TensorViewModel.PairRow cross = rows.stream().filter(r -> r.name().equals("graph:" + attn)).findFirst().orElseThrow();
        assertEquals("cross-mode ok", cross.status());
        assertTrue(cross.detail().startsWith("graph:" + attn + " vs " + attn
                + " (cross-mode: graph slot on the right, eager stage on the left): PASS over rows 0..3 x 64"), cross.detail());
        assertEquals("ok", rows.stream().filter(r -> r.name().equals("model.logits#0")).findFirst().orElseThrow().status());
        assertTrue(rows.stream().anyMatch(r -> r.name().equals("graph:" + attn) && r.status().equals("only right")), rows.toString());
        assertTrue(Fx.call(() -> robot.lookup("#tensor-pairs-summary").queryAs(Label.class).getText()).contains("only right"));
    }
}
