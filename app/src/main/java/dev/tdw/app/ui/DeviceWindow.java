package dev.tdw.app.ui;

import dev.tdw.app.ui.about.AppInfo;
import dev.tdw.app.ui.device.DevicePanel;
import dev.tdw.app.ui.device.DevicePanelViewModel;
import dev.tdw.app.ui.device.Runtimes;
import dev.tdw.app.ui.device.WorkbenchActions;
import dev.tdw.app.ui.work.TaskRunner;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The device panel in its own window, made on first use and kept (a running reproduction lives in it). */
final class DeviceWindow {
    private final WorkbenchActions actions;
    private final TaskRunner tasks;
    private Stage stage;
    private DevicePanelViewModel model;

    DeviceWindow(WorkbenchActions actions, TaskRunner tasks) {
        this.actions = actions;
        this.tasks = tasks;
    }

    void show(Window owner) {
        if (stage == null) {
            model = DevicePanelViewModel.create(actions, tasks);
            stage = new Stage();
            stage.initOwner(owner);
            stage.setTitle("Device — " + AppInfo.NAME);
            Scene scene = new Scene(new DevicePanel(model, stage::hide), 960, 680);
            scene.getStylesheets().add(MainWindow.STYLESHEET);
            stage.setScene(scene);
            // Opening the panel is asking what is there: list the runtimes at once (off the FX thread).
            model.runtimes().refresh();
        }
        stage.show();
        stage.toFront();
    }

    /** The runtimes the panel listed, for the replay dialog to reuse rather than open every Ascend device again; null when none. */
    Runtimes runtimes() { return model == null ? null : model.runtimes().runtimesProperty().get(); }

    /** Stops what the panel runs. */
    void shutdown() throws InterruptedException {
        if (model != null) model.shutdown();
    }
}
