package dev.tdw.app.ui.next;

import dev.tdw.app.ui.config.CaptureFolderChoice;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.LayoutChecks;
import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.Step;
import dev.tdw.model.next.Suspect;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
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
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static dev.tdw.app.ui.device.FxTestSupport.await;

/** The capture window at the smallest screens the workbench supports: inside the screen, Start and Close in view, no overlap. */
@ExtendWith(ApplicationExtension.class)
@Timeout(90)
class NextCaptureDialogLayoutUiTest {
    @TempDir Path tmp;
    final FxTaskRunner tasks = new FxTaskRunner();
    Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
    }

    @AfterEach
    void end() {
        tasks.shutdown();
    }

    @Test
    void theWindowFitsSmallScreensWithItsButtonsInViewAndNothingOverlapping(FxRobot robot) {
        Suspect suspect = Suspect.firstDivergence(SummaryDiff.of(Captures.manifest("layer-bug", "baseline"),
                Captures.manifest("layer-bug", "candidate"), Tolerance.EXACT));
        for (Rectangle2D screen : List.of(new Rectangle2D(0, 0, 800, 500), new Rectangle2D(0, 0, 1024, 700))) {
            AtomicReference<Stage> shown = new AtomicReference<>();
            Platform.runLater(() -> {
                NextCaptureViewModel m = new NextCaptureViewModel(suspect, Captures.dir("layer-bug", "baseline"),
                        Captures.dir("layer-bug", "candidate"), new RunHistory(tmp.resolve("runs.json")),
                        new CaptureFolderChoice(tmp.resolve("capture-folder.txt")), new NextCaptureViewModel.Listener() {
                            @Override public void capturesReady(Path left, Path right, String key) { }
                            @Override public void step(Step step) { }
                        }, tasks, Clock.systemUTC());
                shown.set(NextCaptureDialog.show(owner, m, null, screen));
            });
            await("the window is up", () -> shown.get() != null && shown.get().isShowing());
            robot.interact(() -> { });
            robot.interact(() -> {
                Node root = shown.get().getScene().getRoot();
                LayoutChecks.assertFits(shown.get(), screen, List.of(root.lookup("#next-start"), root.lookup("#next-stop"), root.lookup("#next-close")));
            });
            robot.interact(() -> shown.get().close());
        }
    }
}
