package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.testing.Screenshots;
import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.testing.Captures;
import javafx.application.Platform;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static dev.tdw.app.ui.testing.Screenshots.onFx;
import static dev.tdw.app.ui.testing.Screenshots.shoot;

/**
 * Real-window screenshots under Xvfb: opens the workbench on the real glass platform, walks through
 * the scenarios and grabs the X screen with ImageMagick's {@code import}. Not a test (it needs X);
 * run it from {@code app/} after {@code mvn -DskipTests package} and then {@code mvn -DskipTests test-compile} at the
 * top, two runs (both phases in one run write the model's classes folder into {@code classpath.txt} instead of its jar,
 * and {@code bin/tdw} then starts without its class-data archive); the class path names the sibling modules' folders, as
 * a dependency goal run in {@code app/} alone cannot resolve them offline:
 * <pre>
 * cp=target/classes:target/test-classes:../model/target/classes:../model/target/test-classes:../native-bridge/target/classes
 * xvfb-run -s "-screen 0 1600x1000x24" java -cp "$cp:$(cat target/classpath.txt)" \
 *     dev.tdw.app.ui.ScreenshotTour target/screenshots 1600x1000 [replay]
 * </pre>
 * With {@code replay} only the replay shots are taken (dialog, row-limited refusal, result); with {@code msprobe} only
 * the msprobe shots of docs/msprobe.md.
 */
public final class ScreenshotTour {
    private static WorkbenchApp.Session session;

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/screenshots");
        String[] size = (args.length > 1 && args[1].matches("\\d+x\\d+") ? args[1] : "1600x1000").split("x");
        double width = Double.parseDouble(size[0]), height = Double.parseDouble(size[1]);
        Files.createDirectories(out);
        Platform.startup(() -> { });
        onFx(() -> {
            Stage stage = new Stage();
            session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.of(new WindowGeometry(0, 0, width, height, false, 0.6, 0.64)));
        });
        WorkbenchViewModel vm = session.vm();
        // Replay outputs and remembered choices stay out of the user's folders.
        Path scratch = Files.createTempDirectory("tdw-tour");
        System.setProperty("tdw.cache.dir", scratch.resolve("cache").toString());
        System.setProperty("tdw.config.dir", scratch.resolve("config").toString());
        if (java.util.Arrays.asList(args).contains("replay")) {
            replayShots(vm, out);
            Platform.exit();
            System.exit(0);
        }
        if (java.util.Arrays.asList(args).contains("runs")) {
            runsShots(vm, out, width == 1600 ? "" : "-" + (int) width);
            Platform.exit();
            System.exit(0);
        }
        if (java.util.Arrays.asList(args).contains("msprobe")) {
            msprobeShots(vm, out);
            Platform.exit();
            System.exit(0);
        }
        if (java.util.Arrays.asList(args).contains("sets")) {
            setsShots(vm, out, width == 1600 ? "" : "-" + (int) width);
            Platform.exit();
            System.exit(0);
        }

        open(vm, "layer-bug", "baseline", "candidate");
        // After the tensor verdict is in (its line is in the banner), at the first divergence.
        await(() -> vm.tensorEvidenceProperty().get() != null);
        onFx(() -> {
            vm.goToFirstDivergence();
            session.window().table().requestFocus();
        });
        await(() -> "layers.3.self_attn.q_rope#0".equals(vm.selectedKeyProperty().get()));
        shoot(out, "workbench-layer-bug");
        onFx(() -> tabs().getSelectionModel().select(2));
        await(() -> !vm.tensors().pairs().isEmpty() && vm.tensors().reportProperty().get() != null);
        onFx(() -> {
            var pairs = (javafx.scene.control.TitledPane) session.window().lookup("#tensor-pairs-pane");
            pairs.setAnimated(false);
            pairs.setExpanded(true);
        });
        shoot(out, "workbench-tensors");
        onFx(() -> ((javafx.scene.control.TitledPane) session.window().lookup("#tensor-pairs-pane")).setExpanded(false));
        // The heatmap sits below the metrics: scrolled to it, the pointer over its largest difference.
        await(() -> session.window().lookup("#tensor-heatmap") != null && vm.tensors().heatmapProperty().get() != null);
        onFx(() -> pointAtLargestDifference(vm));
        shoot(out, "workbench-heatmap");
        onFx(() -> tabs().getSelectionModel().select(0));

        open(vm, "overflow", "baseline", "candidate");
        onFx(() -> {
            vm.select("layers.4.mlp.act#0");
            vm.chart().logScaleProperty().set(true);
        });
        shoot(out, "workbench-overflow");

        open(vm, "alias-conflict", "capture", "capture");
        onFx(() -> {
            vm.select("layers.5.self_attn.kv_cache#0");
            session.window().table().requestFocus();
        });
        shoot(out, "workbench-alias-conflict");

        open(vm, "graph-mode", "eager", "graph");
        onFx(() -> {
            vm.scan().sideProperty().set(Side.RIGHT);
            tabs().getSelectionModel().select(1);
        });
        shoot(out, "workbench-graph-mode");

        setsShots(vm, out, "");

        onFx(() -> ((javafx.scene.control.MenuBar) session.window().lookup("#menu-bar")).getMenus().stream()
                .flatMap(m -> m.getItems().stream()).filter(i -> "device-panel-item".equals(i.getId())).findFirst().orElseThrow().fire());
        shoot(out, "device-panel");
        Platform.exit();
        System.exit(0);
    }

    /**
     * Several pairs: the overview tab comes first and the sides land on the first divergent forward's origin rank.
     * Repeated runs: the runs view, then run 3 opened in the stage table (noise column, the left runs' band).
     */
    private static void setsShots(WorkbenchViewModel vm, Path out, String suffix) throws Exception {
        javafx.stage.Window window = session.window().getScene().getWindow();
        open(vm, "chunked-prefill", "baseline", "candidate");
        await(() -> vm.sets().openProperty().get() != null);
        shoot(out, "workbench-pairs-chunked-prefill" + suffix, window);
        // The occurrence picker open: each occurrence says what choosing it would show.
        onFx(() -> ((javafx.scene.control.ComboBox<?>) session.window().lookup("#left-occurrence")).show());
        shoot(out, "workbench-pairs-chunked-prefill-picker" + suffix, window);
        onFx(() -> ((javafx.scene.control.ComboBox<?>) session.window().lookup("#left-occurrence")).hide());
        open(vm, "tp4-origin", "baseline", "candidate");
        await(() -> vm.sets().openProperty().get() != null);
        shoot(out, "workbench-pairs-tp4-origin" + suffix, window);
        onFx(() -> ((javafx.scene.control.ComboBox<?>) session.window().lookup("#left-rank")).show());
        shoot(out, "workbench-pairs-tp4-origin-picker" + suffix, window);
        onFx(() -> ((javafx.scene.control.ComboBox<?>) session.window().lookup("#left-rank")).hide());
        onFx(() -> ((javafx.scene.control.Button) session.window().lookup("#pair-cell-1-1-0")).fire());
        shoot(out, "workbench-pairs-tp4-origin-rank0" + suffix, window);
        runsShots(vm, out, suffix);
    }

    /** Repeated runs: the Runs view, run 3 opened from it, and F on the stage table (the first stage beyond noise). */
    private static void runsShots(WorkbenchViewModel vm, Path out, String suffix) throws Exception {
        javafx.stage.Window window = session.window().getScene().getWindow();
        open(vm, "intermittent", "baseline", "candidate");
        await(() -> vm.runs().result() != null && "runs-tab".equals(((javafx.scene.control.TabPane) session.window()
                .lookup("#stages-and-pairs")).getSelectionModel().getSelectedItem().getId()));
        shoot(out, "workbench-runs-intermittent" + suffix, window);
        onFx(() -> ((javafx.scene.control.Hyperlink) session.window().lookup("#run-open-2")).fire());
        await(() -> vm.comparison() != null && vm.comparison().right() == vm.runs().result().rightRuns().get(2).manifest());
        onFx(() -> {
            vm.select("layers.4.self_attn.attn_out#0");
            session.window().table().requestFocus();
        });
        shoot(out, "workbench-runs-intermittent-run3" + suffix, window);
        open(vm, "intermittent", "baseline", "candidate");
        await(() -> vm.runs().result() != null);
        onFx(() -> {
            ((javafx.scene.control.TabPane) session.window().lookup("#stages-and-pairs")).getSelectionModel().select(0);
            vm.goToFirstDivergence();
            session.window().table().requestFocus();
        });
        await(() -> "layers.4.self_attn.attn_out#0".equals(vm.selectedKeyProperty().get()));
        shoot(out, "workbench-runs-intermittent-f" + suffix, window);
    }

    /**
     * msprobe's own dumps (docs/msprobe.md): s1 rope at its first divergence (module tree, the op's scalar argument, the
     * inputs line), the same with the detail scrolled to the op's call stack, and s5's every pair at the origin rank.
     */
    private static void msprobeShots(WorkbenchViewModel vm, Path out) throws Exception {
        open(vm, "msprobe", "s1_single_stat_mix_fp32/baseline", "s1_single_stat_mix_fp32/candidate_rope");
        onFx(() -> {
            vm.goToFirstDivergence();
            session.window().table().requestFocus();
        });
        await(() -> "Tensor.__add__.17.forward.input.1#0".equals(vm.selectedKeyProperty().get()));
        shoot(out, "msprobe-s1-rope");
        // The detail scrolled so that the call stack's heading is at its top.
        onFx(() -> {
            var pane = (javafx.scene.control.ScrollPane) session.window().lookup("#stage-detail");
            javafx.scene.Node stack = pane.lookup("#detail-stack");
            double y = pane.getContent().sceneToLocal(stack.localToScene(0, 0)).getY() - 40;
            double range = pane.getContent().getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
            pane.setVvalue(range <= 0 ? 0 : Math.min(1, Math.max(0, y / range)));
        });
        shoot(out, "msprobe-s1-rope-stack");
        open(vm, "msprobe", "s5_tp2_stat_mix/baseline", "s5_tp2_stat_mix/candidate_gate_rank1");
        await(() -> vm.sets().openProperty().get() != null);
        shoot(out, "msprobe-s5-pairs");
    }

    /** The replay dialog on a whole input set, its result in the Tensors tab, and a row-limited set refused. */
    private static void replayShots(WorkbenchViewModel vm, Path out) throws Exception {
        open(vm, "replay-inputs", "capture", "capture");
        Stage dialog = openReplayDialog(vm, "add_rms_norm#3");
        shoot(out, "replay-dialog");
        onFx(() -> ((javafx.scene.control.Button) dialog.getScene().lookup("#replay-run")).fire());
        await(() -> !dialog.isShowing() && vm.tensors().reportProperty().get() != null);
        onFx(() -> vm.select("add_rms_norm#3"));
        shoot(out, "replay-result");
        onFx(() -> tabs().getSelectionModel().select(0));
        shoot(out, "replay-detail");

        open(vm, "layer-bug", "baseline", "candidate");
        Stage refused = openReplayDialog(vm, "add_rms_norm#3");
        shoot(out, "replay-row-limited");
        onFx(() -> ((javafx.scene.control.Button) ((javafx.scene.control.DialogPane) refused.getScene().getRoot())
                .lookupButton(javafx.scene.control.ButtonType.CLOSE)).fire());
    }

    /** Selects the row and fires Device > Replay Selected Input Set, as the keyboard shortcut does. */
    private static Stage openReplayDialog(WorkbenchViewModel vm, String key) throws Exception {
        onFx(() -> {
            tabs().getSelectionModel().select(0);
            vm.select(key);
            ((javafx.scene.control.MenuBar) session.window().lookup("#menu-bar")).getMenus().stream()
                    .flatMap(m -> m.getItems().stream()).filter(i -> "Replay Selected Input Set…".equals(i.getText()))
                    .findFirst().orElseThrow().fire();
        });
        await(() -> javafx.stage.Window.getWindows().stream().anyMatch(w -> w instanceof Stage s && s.isShowing()
                && s.getTitle() != null && s.getTitle().startsWith("Replay " + key)));
        AtomicReference<Stage> found = new AtomicReference<>();
        onFx(() -> found.set((Stage) javafx.stage.Window.getWindows().stream().filter(w -> w instanceof Stage s && s.isShowing()
                && s.getTitle() != null && s.getTitle().startsWith("Replay " + key)).findFirst().orElseThrow()));
        return found.get();
    }

    /** Scrolls the heatmap to the top of the Tensors panel and moves the pointer over its largest cell, as a user would. */
    private static void pointAtLargestDifference(WorkbenchViewModel vm) {
        javafx.scene.canvas.Canvas map = (javafx.scene.canvas.Canvas) session.window().lookup("#tensor-heatmap");
        javafx.scene.control.ScrollPane panel = (javafx.scene.control.ScrollPane) session.window().lookup("#tensor-view .scroll-pane");
        javafx.scene.Node content = panel.getContent();
        double extra = content.getBoundsInLocal().getHeight() - panel.getViewportBounds().getHeight();
        double top = content.sceneToLocal(map.localToScene(0, 0)).getY() - 60;
        if (extra > 0) panel.setVvalue(Math.max(0, Math.min(1, top / extra)));
        panel.layout();
        var h = vm.tensors().heatmapProperty().get().map();
        int best = 0;
        for (int c = 1; c < h.cellRows() * h.cellCols(); c++) if (h.cell(c / h.cellCols(), c % h.cellCols()) > h.cell(best / h.cellCols(), best % h.cellCols())) best = c;
        // The picture is right of the row indices and under the 16-pixel band of column indices.
        double side = (map.getHeight() - 16) / h.cellRows(), left = map.getWidth() - side * h.cellCols();
        double x = left + (best % h.cellCols() + 0.5) * side, y = 16 + (best / h.cellCols() + 0.5) * side;
        javafx.geometry.Point2D scene = map.localToScene(x, y), screen = map.localToScreen(x, y);
        javafx.event.Event.fireEvent(map, new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_MOVED, scene.getX(),
                scene.getY(), screen.getX(), screen.getY(), javafx.scene.input.MouseButton.NONE, 0, false, false, false, false,
                false, false, false, false, false, false, null));
    }

    private static javafx.scene.control.TabPane tabs() {
        return (javafx.scene.control.TabPane) session.window().lookup("#detail-tabs");
    }

    private static void open(WorkbenchViewModel vm, String scenario, String left, String right) throws Exception {
        AtomicReference<Object> before = new AtomicReference<>();
        onFx(() -> {
            before.set(vm.comparison());
            vm.openPair(Captures.dir(scenario, left), Captures.dir(scenario, right));
        });
        await(() -> vm.comparison() != null && vm.comparison() != before.get()
                && vm.comparison().left().path().startsWith(Captures.dir(scenario, left)));
    }

    private static void await(BooleanSupplier condition) throws Exception {
        Screenshots.await(condition, 30);
    }
}
