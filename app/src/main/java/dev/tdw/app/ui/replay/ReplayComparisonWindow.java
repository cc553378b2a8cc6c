package dev.tdw.app.ui.replay;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.nio.file.Path;
import java.util.function.Function;

/** A window per replay: the verdict and one row per operator output. */
public final class ReplayComparisonWindow {
    private ReplayComparisonWindow() {}

    public static Stage show(Window owner, ReplayComparisonModel model, Path reference, Path candidate) {
        Label verdict = new Label();
        verdict.textProperty().bind(model.verdictProperty());
        verdict.setId("replay-verdict");
        verdict.setStyle("-fx-font-weight: bold");
        Label files = new Label("reference (left): " + reference + "\ncandidate (right): " + candidate);
        files.setWrapText(true);
        TableView<ReplayComparisonModel.Row> table = new TableView<>(model.rows());
        table.setId("replay-rows");
        table.getColumns().add(column("output", 260, ReplayComparisonModel.Row::key));
        table.getColumns().add(column("status", 110, ReplayComparisonModel.Row::status));
        table.getColumns().add(column("metrics", 480, ReplayComparisonModel.Row::metrics));
        Label note = new Label("A passing replay says the operator's contract holds on these inputs; it does not fix the model.");
        note.setWrapText(true);
        BorderPane root = new BorderPane(table, new VBox(6, verdict, files), null, note, null);
        root.setPadding(new Insets(10));
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Replay comparison — " + reference.getParent().getFileName());
        stage.setScene(new Scene(root, 900, 360));
        stage.show();
        return stage;
    }

    private static TableColumn<ReplayComparisonModel.Row, String> column(String title, double width,
                                                                        Function<ReplayComparisonModel.Row, String> value) {
        TableColumn<ReplayComparisonModel.Row, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        return c;
    }
}
