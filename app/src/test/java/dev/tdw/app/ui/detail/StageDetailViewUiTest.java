package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.model.testing.Slow;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The detail pane refills its nodes from one stage to the next and shows exactly what a pane built for that stage shows. */
@ExtendWith(ApplicationExtension.class)
class StageDetailViewUiTest {
    private final StageDetailViewModel vm = new StageDetailViewModel();
    private StageDetailView view;

    @Start
    void start(Stage stage) {
        view = new StageDetailView(vm, k -> {});
        stage.setScene(new Scene(view, 500, 700));
        stage.show();
    }

    @Slow
    @Test
    void aRefilledPaneShowsWhatAFreshPaneShows() {
        StageRows overflow = Captures.compare("overflow", "baseline", "candidate").rows();
        StageRows layerBug = Captures.compare("layer-bug", "baseline", "candidate").rows();
        Fx.run(() -> vm.rowsProperty().set(overflow));
        Fx.run(() -> vm.selectedKeyProperty().set("layers.4.mlp.act#0"));
        Node statistics = Fx.call(() -> grids(view).get(1));
        String nonFinite = Fx.call(() -> fingerprint(view));
        // Another stage of the same capture: the same grids, refilled, and its own texts and marks.
        Fx.run(() -> vm.selectedKeyProperty().set("layers.4.mlp.gate_up#0"));
        assertSame(statistics, Fx.call(() -> grids(view).get(1)));
        assertNotEquals(nonFinite, Fx.call(() -> fingerprint(view)));
        for (String key : List.of("layers.4.mlp.gate_up#0", "layers.3.mlp.act#0", "layers.4.mlp.act#0")) {
            Fx.run(() -> vm.selectedKeyProperty().set(key));
            assertEquals(fresh(overflow, key), Fx.call(() -> fingerprint(view)), key);
        }
        // An input set (inputs instead of a layout), nothing selected, then a stage with a layout again.
        Fx.run(() -> vm.rowsProperty().set(layerBug));
        for (String key : new String[] {"add_rms_norm#0", null, "layers.3.self_attn.q_rope#0", "add_rms_norm#0"}) {
            Fx.run(() -> vm.selectedKeyProperty().set(key));
            assertEquals(fresh(layerBug, key), Fx.call(() -> fingerprint(view)), String.valueOf(key));
        }
    }

    private static String fresh(StageRows rows, String key) {
        return Fx.call(() -> {
            StageDetailViewModel other = new StageDetailViewModel();
            other.rowsProperty().set(rows);
            other.selectedKeyProperty().set(key);
            return fingerprint(new StageDetailView(other, k -> {}));
        });
    }

    private static List<GridPane> grids(ScrollPane pane) {
        List<GridPane> out = new ArrayList<>();
        for (Node n : ((Parent) pane.getContent()).getChildrenUnmodifiable()) if (n instanceof GridPane g) out.add(g);
        return out;
    }

    /** Every text the pane shows, in order, with its place in a grid and its style classes. */
    private static String fingerprint(ScrollPane pane) {
        StringBuilder out = new StringBuilder();
        walk(pane.getContent(), out);
        return out.toString();
    }

    private static void walk(Node n, StringBuilder out) {
        out.append(n.getClass().getSimpleName()).append(n.getStyleClass());
        if (n.getParent() instanceof GridPane) out.append('@').append(GridPane.getRowIndex(n)).append(',').append(GridPane.getColumnIndex(n));
        if (n instanceof Labeled l) {
            out.append(" \"").append(l.getText()).append('"');
            if (l.isDisabled()) out.append(" disabled");
            out.append('\n');
            return;
        }
        out.append('\n');
        if (n instanceof Parent p && (p instanceof GridPane || p instanceof HBox || p instanceof javafx.scene.layout.VBox)) {
            List<Node> children = new ArrayList<>(p.getChildrenUnmodifiable());
            // A grid is read by place, not by the order its cells were added in.
            if (p instanceof GridPane) children.sort(java.util.Comparator.comparing((Node c) -> GridPane.getRowIndex(c))
                    .thenComparing(c -> GridPane.getColumnIndex(c)));
            for (Node c : children) walk(c, out);
        }
    }
}
