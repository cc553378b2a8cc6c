package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.UserConfig;
import dev.tdw.app.ui.remote.RecentHosts;
import dev.tdw.app.ui.remote.RemoteOpenDialog;
import dev.tdw.app.ui.remote.RemoteOpenViewModel;
import dev.tdw.app.ui.remote.RemotePassphrases;
import dev.tdw.app.ui.widget.Labels;
import dev.tdw.bridge.remote.RemoteFolders;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.stage.Window;

/** File ▸ Open Remote…: its view model is made on first use, and its hosts' sessions live as long as the window. */
final class RemoteOpening {
    private final WorkbenchViewModel vm;
    private RemoteOpenViewModel remote;

    RemoteOpening(WorkbenchViewModel vm) { this.vm = vm; }

    void open(Window owner) {
        if (remote == null) {
            remote = new RemoteOpenViewModel(vm.tasks(), () -> RemoteFolders.forUser(
                    new RemotePassphrases(Platform::runLater, key -> RemoteOpenDialog.askPassphrase(owner, key))),
                    new RecentHosts(UserConfig.directory().resolve("recent-remote.json")));
            remote.loadRecent();
            remote.failureProperty().addListener((o, a, why) -> {
                if (why.isEmpty()) return;
                Alert alert = new Alert(Alert.AlertType.ERROR, Labels.safe(why));
                alert.initOwner(owner);
                alert.setHeaderText("Remote captures not opened");
                alert.show();
            });
        }
        RemoteOpenDialog dialog = new RemoteOpenDialog(owner, remote);
        if (dialog.showAndWait().filter(b -> b.getButtonData() == ButtonBar.ButtonData.OK_DONE).isEmpty()) return;
        remote.open(dialog.leftAddress(), dialog.rightAddress(),
                (host, port, fingerprint) -> RemoteOpenDialog.askTrust(owner, host, port, fingerprint),
                (l, r) -> {
                    if (r == null) vm.open(Side.LEFT, l);
                    else vm.openPair(l, r, false); // Open Recent keeps local folders; remote ones are in the dialog's list
                });
    }

    /** Closes the hosts' sessions. */
    void close() {
        if (remote != null) remote.close();
    }
}
