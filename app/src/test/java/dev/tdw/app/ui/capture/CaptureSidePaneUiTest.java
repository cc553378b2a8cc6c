package dev.tdw.app.ui.capture;

import dev.tdw.app.ui.testing.Fx;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.Summary;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.layout.HBox;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One side's header as wide as it is in an 800 px window (about 370 px), with a capture name and a request label far
 * longer than that: both are cut in the middle, keep their two ends, and have the whole text in their tooltips.
 */
@ExtendWith(ApplicationExtension.class)
class CaptureSidePaneUiTest {
    private static final Path ROOT = Path.of("/data/captures/2026-12-03-qwen3-235b-a22b-tp16-ep-graph-mode-regression/candidate-after-rope-fix");
    private static final String LABEL = "cmpl-7f3e9a2c0b14-qwen3-regression-request";

    private CaptureSideViewModel vm;

    @Start
    void start(Stage stage) {
        vm = new CaptureSideViewModel(Side.LEFT);
        CaptureSidePane pane = new CaptureSidePane(vm, () -> { }, dir -> { });
        Scene scene = new Scene(new HBox(pane), 370, 60);
        HBox.setHgrow(pane, javafx.scene.layout.Priority.ALWAYS);
        scene.getStylesheets().add(CaptureSidePane.class.getResource("/dev/tdw/app/ui/workbench.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    private void showLongCapture() {
        Manifest m = new Manifest(ROOT.resolve(LABEL + "-rank0.json"), "ascend-tensor-dump/1", LABEL, 0, 1, 1, Map.of(),
                Summary.NAMES, List.of(), List.of(), null, Map.of());
        Fx.run(() -> vm.captureProperty().set(new CaptureDirectory(ROOT, List.of(m), List.of())));
    }

    private static String shown(Labeled l) { return ((Text) l.lookup(".text")).getText(); }

    /** Asserts the text is cut once in the middle, keeping at least {@code ends} letters of each end of the whole. */
    private static void assertMiddleCut(String whole, String shown, String ellipsis, int ends) {
        int cut = shown.indexOf(ellipsis);
        assertTrue(cut >= ends, "no start kept: " + shown);
        String head = shown.substring(0, cut), tail = shown.substring(cut + ellipsis.length());
        assertTrue(tail.length() >= ends, "no end kept: " + shown);
        assertTrue(whole.startsWith(head) && whole.endsWith(tail), shown + " is not a middle cut of " + whole);
    }

    @Test
    void aLongCaptureNameIsCutInTheMiddleWithTheFullPathInItsTooltip(FxRobot robot) {
        showLongCapture();
        Label name = robot.lookup("#left-name").queryAs(Label.class);
        String whole = Fx.call(name::getText);
        assertEquals("2026-12-03-qwen3-235b-a22b-tp16-ep-graph-mode-regression/candidate-after-rope-fix", whole);
        String shown = Fx.call(() -> shown(name));
        assertMiddleCut(whole, shown, Fx.call(name::getEllipsisString), 2);
        assertEquals(ROOT.toAbsolutePath().toString(), Fx.call(() -> name.getTooltip().getText()));
    }

    @Test
    void aLongRequestLabelKeepsBothEndsInItsPickerWithTheWholeLabelInItsTooltip(FxRobot robot) {
        showLongCapture();
        ComboBox<?> picker = robot.lookup("#left-label").queryAs(ComboBox.class);
        Labeled button = Fx.call(() -> (Labeled) picker.lookupAll(".list-cell").stream()
                .filter(c -> c.getParent() == picker).findFirst().orElseThrow());
        assertEquals(LABEL, Fx.call(button::getText));
        // "c…" said nothing; "cmpl…uest" names the request.
        assertMiddleCut(LABEL, Fx.call(() -> shown(button)), Fx.call(button::getEllipsisString), 4);
        assertTrue(Fx.call(picker::getWidth) >= CaptureSidePane.LABEL_MIN - 0.5, "picker " + Fx.call(picker::getWidth));
        assertEquals("request label " + LABEL, Fx.call(() -> picker.getTooltip().getText()));
    }
}
