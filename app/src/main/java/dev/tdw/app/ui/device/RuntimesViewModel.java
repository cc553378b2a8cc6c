package dev.tdw.app.ui.device;

import dev.tdw.app.ui.work.TaskRunner;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;


/** The runtimes section: what was found, refreshed on demand off the FX thread (opening devices takes a while). */
public final class RuntimesViewModel {
    private final RuntimeInventory inventory;
    private final TaskRunner background;
    private final ObservableList<RuntimeEntry> entries = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Runtimes> runtimes = new ReadOnlyObjectWrapper<>(this, "runtimes",
            Runtimes.hostOnly("not looked for yet"));
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "not looked for yet");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");

    public RuntimesViewModel(RuntimeInventory inventory, TaskRunner background) {
        this.inventory = inventory;
        this.background = background;
    }

    public ObservableList<RuntimeEntry> entries() { return FXCollections.unmodifiableObservableList(entries); }

    /** The latest listing, for the replay dialog's runtime choices. */
    public ReadOnlyObjectProperty<Runtimes> runtimesProperty() { return runtimes.getReadOnlyProperty(); }

    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    /** Lists the runtimes again; ignored while a listing runs. Call on the FX thread. */
    public void refresh() {
        if (busy.get()) return;
        busy.set(true);
        status.set("looking for runtimes...");
        background.run("Looking for runtimes", p -> inventory.list(), r -> {
            runtimes.set(r);
            entries.setAll(r.entries());
            status.set(r.ascendStatus());
            busy.set(false);
        }, e -> {
            status.set("listing runtimes failed: " + e.getMessage());
            busy.set(false);
        });
    }
}
