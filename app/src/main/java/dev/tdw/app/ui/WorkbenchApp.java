package dev.tdw.app.ui;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.work.FxTaskRunner;

import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.capture.Side;
import javafx.application.Application;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The JavaFX application behind {@code tdw} (no arguments: the bundled demo pair) and
 * {@code tdw open LEFT RIGHT}. Files are read in {@link #init()} (the launcher thread) or in tasks,
 * never on the FX thread.
 */
public final class WorkbenchApp extends Application {
    private StartupRequest request;
    private DemoCaptures.Pair demo;
    private Optional<WindowGeometry> geometry = Optional.empty();
    private FxTaskRunner tasks;
    private MainWindow window;
    private Stage stage;

    /**
     * Starts the workbench and returns when its window closes.
     *
     * @throws IllegalArgumentException when the arguments are neither empty nor {@code open LEFT RIGHT};
     *                                  the message includes the usage
     */
    public static void launch(String[] args) {
        StartupRequest.parse(List.of(args));
        Application.launch(WorkbenchApp.class, args);
    }

    @Override
    public void init() throws IOException {
        request = StartupRequest.parse(getParameters().getRaw());
        if (request.demo()) demo = DemoCaptures.extract();
        geometry = WindowGeometry.load(WindowGeometry.defaultFile());
    }

    @Override
    public void start(Stage stage) {
        this.stage = stage;
        tasks = new FxTaskRunner();
        Session session = show(stage, tasks, geometry);
        window = session.window();
        session.vm().loadRecent();
        if (request.demo()) session.vm().openPair(demo.baseline(), demo.candidate(), false);
        else if (request.oneSide()) session.vm().open(Side.LEFT, request.left());
        else session.vm().openPair(request.left(), request.right());
    }

    /** The window and its view-model; tests and the screenshot tour drive these. */
    public record Session(WorkbenchViewModel vm, MainWindow window) {}

    /** Builds the main window into {@code stage} and shows it, at the remembered place when there is one. */
    public static Session show(Stage stage, FxTaskRunner tasks, Optional<WindowGeometry> geometry) {
        WorkbenchViewModel vm = new WorkbenchViewModel(tasks, RecentCaptures.inUserConfig());
        MainWindow window = new MainWindow(vm, tasks);
        // A first start fills most of the screen, up to a size where the table and chart both breathe.
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(window, Math.min(1400, screen.getWidth() * 0.92), Math.min(900, screen.getHeight() * 0.92));
        scene.getStylesheets().add(MainWindow.STYLESHEET);
        stage.setScene(scene);
        stage.titleProperty().bind(vm.titleProperty().map(Labels::name));
        for (int size : new int[]{32, 64, 256}) {
            var icon = WorkbenchApp.class.getResource("/dev/tdw/app/icons/tdw-" + size + ".png");
            if (icon != null) stage.getIcons().add(new javafx.scene.image.Image(icon.toExternalForm()));
        }
        stage.setMinWidth(WindowGeometry.MIN_WIDTH);
        stage.setMinHeight(WindowGeometry.MIN_HEIGHT);
        geometry.filter(WorkbenchApp::onSomeScreen).ifPresent(g -> {
            stage.setX(g.x());
            stage.setY(g.y());
            stage.setWidth(g.width());
            stage.setHeight(g.height());
            stage.setMaximized(g.maximized());
            window.restore(g);
        });
        stage.show();
        return new Session(vm, window);
    }

    /** A window remembered on a monitor that is gone would open out of reach. */
    private static boolean onSomeScreen(WindowGeometry g) {
        return !Screen.getScreensForRectangle(new Rectangle2D(g.x(), g.y(), Math.min(g.width(), 200), 40)).isEmpty();
    }

    @Override
    public void stop() {
        // The window is gone; writing this small file on the FX thread now blocks nothing a user sees.
        if (stage != null && window != null) {
            try {
                window.geometry(stage).save(WindowGeometry.defaultFile());
            } catch (IOException e) {
                System.err.println("tdw: could not remember the window geometry: " + e.getMessage());
            }
        }
        if (window != null) {
            try {
                window.shutdown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (tasks != null) tasks.shutdown();
    }
}
