package dev.tdw.app.ui.next;

import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.WorkbenchApp;
import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.testing.Screenshots;
import dev.tdw.bridge.capture.RunHistory;
import javafx.application.Platform;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import static dev.tdw.app.ui.testing.Screenshots.onFx;
import static dev.tdw.app.ui.testing.Screenshots.shoot;

/**
 * Real-window screenshots of the investigation loop under Xvfb: the proposal window for the first divergence of a
 * summary-only pair from the test reproduction, and the workbench once both new captures are loaded. Not a test (it
 * needs X); run like {@code ScreenshotTour}, with the main class {@code dev.tdw.app.ui.next.NextCaptureScreenshots}
 * and, after the output folder, the screen's size ({@code 1024x700}) as the Xvfb screen has it.
 */
public final class NextCaptureScreenshots {
    private NextCaptureScreenshots() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/screenshots").toAbsolutePath();
        // The screen's size as the tour takes it (1600x1000 by default); other sizes name their shots with the width.
        String[] size = (args.length > 1 && args[1].matches("\\d+x\\d+") ? args[1] : "1600x1000").split("x");
        double width = Double.parseDouble(size[0]), height = Double.parseDouble(size[1]);
        String suffix = width == 1600 ? "" : "-" + (int) width;
        Files.createDirectories(out);
        Path work = Files.createTempDirectory("tdw-loop-shots");
        System.setProperty(RunHistory.CONFIG_DIR_PROPERTY, work.resolve("config").toString());
        LoopFixture fx = LoopFixture.create(work);
        RunHistory.inUserConfig().remember(fx.baseline());
        RunHistory.inUserConfig().remember(fx.candidate());
        Platform.startup(() -> { });
        WorkbenchApp.Session[] session = new WorkbenchApp.Session[1];
        onFx(() -> session[0] = WorkbenchApp.show(new Stage(), new FxTaskRunner(),
                Optional.of(new WindowGeometry(0, 0, width, height, false, 0.6, 0.64))));
        var vm = session[0].vm();
        onFx(() -> vm.openPair(fx.baseline().outputDirectory(), fx.candidate().outputDirectory()));
        await(() -> vm.comparison() != null && vm.comparison().diff().firstDivergent() != null);
        onFx(() -> ((MenuBar) session[0].window().lookup("#menu-bar")).getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> "capture-first-divergence-item".equals(i.getId())).findFirst().orElseThrow().fire());
        Stage[] dialog = new Stage[1];
        await(() -> {
            dialog[0] = (Stage) javafx.stage.Window.getWindows().stream().filter(w -> w.getScene() != null
                    && w.getScene().getRoot().getId() != null && w.getScene().getRoot().getId().equals("next-capture")).findFirst().orElse(null);
            return dialog[0] != null && dialog[0].getScene().lookup("#right-command") instanceof javafx.scene.control.TextField t && !t.getText().isEmpty();
        });
        if (width == 1600) {
            onFx(() -> {
                dialog[0].setX(60);
                dialog[0].setY(40);
            });
        }
        shoot(out, "next-capture-dialog" + suffix, dialog[0]);
        onFx(() -> ((javafx.scene.control.Button) dialog[0].getScene().lookup("#next-start")).fire());
        await(() -> vm.comparison() != null && vm.comparison().left().path().toString().contains("baseline-layers.2")
                && session[0].window().lookup("#detail-tabs") instanceof TabPane tp && "tensor-tab".equals(tp.getSelectionModel().getSelectedItem().getId()));
        shoot(out, "next-capture-runs" + suffix, dialog[0]);
        onFx(() -> dialog[0].close());
        shoot(out, "next-capture-loaded" + suffix);
        Platform.exit();
        System.exit(0);
    }

    private static void await(BooleanSupplier condition) throws Exception {
        Screenshots.await(condition, 300);
    }
}
