package dev.tdw.app.ui;

import javafx.beans.binding.Bindings;
import javafx.concurrent.Worker;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** The last message of the workbench and the progress of the running task, with a way to cancel it. */
final class StatusBar extends HBox {
    StatusBar(WorkbenchViewModel vm, FxTaskRunner tasks) {
        super(8);
        setId("status-bar");
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
        Label message = new Label();
        message.setId("status-message");
        message.textProperty().bind(vm.statusProperty());
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        Label work = new Label();
        ProgressBar progress = new ProgressBar();
        progress.setId("status-progress");
        progress.setPrefWidth(140);
        Button cancel = new Button("Cancel");
        cancel.getStyleClass().add("small");
        tasks.currentProperty().addListener((o, old, w) -> {
            work.textProperty().unbind();
            progress.progressProperty().unbind();
            if (w == null) return;
            work.textProperty().bind(w.messageProperty());
            progress.progressProperty().bind(w.progressProperty());
            cancel.setOnAction(e -> w.cancel());
        });
        var running = Bindings.createBooleanBinding(() -> {
            Worker<?> w = tasks.currentProperty().get();
            return w != null && w.isRunning();
        }, tasks.currentProperty());
        tasks.currentProperty().addListener((o, a, w) -> {
            if (w != null) w.runningProperty().addListener((x, y, z) -> running.invalidate());
        });
        for (var n : new javafx.scene.Node[]{work, progress, cancel}) {
            n.visibleProperty().bind(running);
            n.managedProperty().bind(running);
        }
        getChildren().addAll(message, work, progress, cancel);
    }
}
