package dev.tdw.app.ui.about;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

import java.util.Map;

/** Help ▸ About: what the workbench is and the versions a bug report needs. */
public final class AboutDialog {
    private AboutDialog() {}

    public static Alert show(Window owner) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, null, ButtonType.CLOSE);
        a.initOwner(owner);
        a.initModality(Modality.NONE);
        a.setTitle("About " + AppInfo.NAME);
        a.setHeaderText(AppInfo.NAME);
        Label what = new Label("Compares tensor dumps captured on Ascend NPUs by the ascend-tensor-dump probe and finds the first"
                + " stage (layer, rank, operator) where two runs' numbers diverge.");
        what.setWrapText(true);
        what.setMaxWidth(460);
        GridPane versions = new GridPane();
        versions.setId("about-versions");
        versions.setHgap(12);
        versions.setVgap(2);
        int row = 0;
        for (Map.Entry<String, String> e : AppInfo.versions().entrySet()) {
            versions.add(new Label(e.getKey()), 0, row);
            Label v = new Label(e.getValue());
            v.getStyleClass().add("mono");
            versions.add(v, 1, row++);
        }
        a.getDialogPane().setContent(new VBox(10, what, versions));
        a.show();
        return a;
    }
}
