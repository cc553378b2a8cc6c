package dev.tdw.app.ui;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.work.FxTaskRunner;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** The last message of the workbench and every running background task (the latest with its progress and Cancel). */
final class StatusBar extends HBox {
    StatusBar(WorkbenchViewModel vm, FxTaskRunner tasks) {
        super(8);
        setId("status-bar");
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
        Label message = new Label();
        message.setId("status-message");
        message.textProperty().bind(Labels.safe(vm.statusProperty()));
        message.setMaxWidth(Double.MAX_VALUE);
        message.setMinWidth(0);
        HBox.setHgrow(message, Priority.ALWAYS);
        Label work = new Label();
        work.setId("status-work");
        Label others = new Label();
        others.setId("status-others");
        others.textProperty().bind(Labels.safe(Bindings.createStringBinding(
                () -> tasks.running().size() > 1 ? "(+" + (tasks.running().size() - 1) + " more)" : "", tasks.running())));
        ProgressBar progress = new ProgressBar();
        progress.setId("status-progress");
        progress.setPrefWidth(140);
        Button cancel = new Button("Cancel");
        cancel.setId("status-cancel");
        cancel.getStyleClass().add("small");
        tasks.currentProperty().addListener((o, old, w) -> {
            work.textProperty().unbind();
            progress.progressProperty().unbind();
            if (w == null) return;
            work.textProperty().bind(Labels.safe(w.messageProperty()));
            progress.progressProperty().bind(w.progressProperty());
            cancel.setOnAction(e -> w.cancel());
        });
        BooleanBinding busy = Bindings.isNotEmpty(tasks.running());
        for (Node n : new Node[]{work, others, progress, cancel}) {
            n.visibleProperty().bind(busy);
            n.managedProperty().bind(busy);
        }
        getChildren().addAll(message, work, others, progress, cancel);
    }
}
