package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.PairOutcome;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The overview opens on the open pair's cell whenever the pair was marked: also when it was marked before the grid's
 * cells had a size, which is how the window lands on the origin rank of a set it has just analysed.
 */
@ExtendWith(ApplicationExtension.class)
class CaptureSetViewOpenUiTest {
    @Test
    void aPairMarkedBeforeTheFirstLayoutIsScrolledIntoViewByThatLayout() {
        CaptureSetViewModel vm = new CaptureSetViewModel();
        vm.show(AllPairsAnalysis.of(Captures.load("tp4-origin", "baseline"), Captures.load("tp4-origin", "candidate"), Tolerance.EXACT));
        PairOutcome landing = vm.landing();
        vm.showing(landing.left(), landing.right());
        Bounds[] seen = Fx.call(() -> {
            CaptureSetView view = new CaptureSetView(vm, () -> { });
            // No window: layout passes as the pulses would run them, until nothing asks for another (at most five).
            Scene scene = new Scene(view, 560, 320);
            scene.getStylesheets().add(CaptureSetView.class.getResource("/dev/tdw/app/ui/workbench.css").toExternalForm());
            for (int pass = 0; pass < 5 && (pass == 0 || scene.getRoot().isNeedsLayout() || hasDirtyLayout(view)); pass++) {
                view.applyCss();
                view.layout();
            }
            ScrollPane scroll = (ScrollPane) view.lookup("#capture-set-scroll");
            Node open = view.lookup(".pair-open");
            Node viewport = scroll.lookup(".viewport");
            return new Bounds[] {open.localToScene(open.getLayoutBounds()), viewport.localToScene(viewport.getLayoutBounds()),
                    view.lookup("#capture-set-grid").getLayoutBounds()};
        });
        Bounds cell = seen[0], viewport = seen[1], grid = seen[2];
        assertTrue(grid.getWidth() > viewport.getWidth(), "the grid is wider than its view, so it must scroll: " + grid + " in " + viewport);
        assertTrue(cell.getMinX() >= viewport.getMinX() - 0.5 && cell.getMaxX() <= viewport.getMaxX() + 0.5,
                "the open pair's cell " + cell + " lies in the view " + viewport);
    }

    /** Whether any node under {@code root} asked for a layout the last pass did not give it. */
    private static boolean hasDirtyLayout(javafx.scene.Parent root) {
        if (root.isNeedsLayout()) return true;
        for (Node n : root.getChildrenUnmodifiable()) if (n instanceof javafx.scene.Parent p && hasDirtyLayout(p)) return true;
        return false;
    }
}
