package dev.tdw.app.ui.remote;

import dev.tdw.app.ui.widget.Labels;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * File > Open Remote…: a left and an optional right {@code ssh://} address, each typed or picked from the recent
 * list. The connection runs in the background (status bar, Cancel); the dialog only collects the addresses.
 */
public final class RemoteOpenDialog extends Dialog<ButtonType> {
    private final ComboBox<String> left = new ComboBox<>();
    private final ComboBox<String> right = new ComboBox<>();

    public RemoteOpenDialog(Window owner, RemoteOpenViewModel vm) {
        initOwner(owner);
        setTitle("Open Remote Captures");
        setHeaderText("Captures on a host over SSH: ssh://[user@]host[:port]/path\n"
                + "~/.ssh/config and known_hosts apply; keys without a passphrase (docs/remote.md).");
        for (ComboBox<String> c : java.util.List.of(left, right)) {
            c.setEditable(true);
            c.setItems(vm.recent());
            c.setPrefWidth(520);
        }
        left.setId("remote-left");
        right.setId("remote-right");
        right.setPromptText("optional: the other side");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label("Left"), left);
        grid.addRow(1, new Label("Right"), right);
        getDialogPane().setContent(grid);
        ButtonType open = new ButtonType("Open", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(open, ButtonType.CANCEL);
        getDialogPane().lookupButton(open).disableProperty().bind(left.editorProperty().get().textProperty().isEmpty());
        // The last pair opened is remembered left first: offered again as it was.
        if (!vm.recent().isEmpty()) left.getEditor().setText(vm.recent().get(0));
        if (vm.recent().size() > 1) right.getEditor().setText(vm.recent().get(1));
    }

    public String leftAddress() { return left.getEditor().getText(); }

    public String rightAddress() { return right.getEditor().getText(); }

    /** Asks whether to trust a host key known_hosts does not list, showing its fingerprint. */
    public static boolean askTrust(Window owner, String host, int port, String fingerprint) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION);
        a.initOwner(owner);
        a.setTitle("Unknown host key");
        a.setHeaderText(Labels.safe(host + (port == 22 ? "" : ":" + port) + " is not in known_hosts"));
        a.setContentText(Labels.safe("Its key's fingerprint is\n" + fingerprint + "\n\nTrust it only if the host's administrator"
                + " confirms this fingerprint. Trusting adds one line to ~/.ssh/known_hosts."));
        ButtonType trust = new ButtonType("Trust and Connect", ButtonBar.ButtonData.OK_DONE);
        a.getButtonTypes().setAll(trust, ButtonType.CANCEL);
        return a.showAndWait().filter(b -> b == trust).isPresent();
    }

    /** Asks for the passphrase of a key file (shown as typed dots; nothing is kept by the dialog); null when cancelled. */
    public static char[] askPassphrase(Window owner, String key) {
        javafx.scene.control.Dialog<ButtonType> d = new javafx.scene.control.Dialog<>();
        d.initOwner(owner);
        d.setTitle("Key passphrase");
        d.setHeaderText(Labels.safe(key + " has a passphrase"));
        javafx.scene.control.PasswordField field = new javafx.scene.control.PasswordField();
        field.setPromptText("passphrase");
        javafx.scene.layout.VBox box = new javafx.scene.layout.VBox(8, new javafx.scene.control.Label(
                "Unlocks the key for this window's connections only; it is not saved. An SSH agent (ssh-add) saves asking."), field);
        d.getDialogPane().setContent(box);
        ButtonType unlock = new ButtonType("Unlock", ButtonBar.ButtonData.OK_DONE);
        d.getDialogPane().getButtonTypes().setAll(unlock, ButtonType.CANCEL);
        javafx.application.Platform.runLater(field::requestFocus);
        boolean ok = d.showAndWait().filter(b -> b == unlock).isPresent();
        char[] out = ok ? field.getText().toCharArray() : null;
        field.clear();
        return out;
    }
}
