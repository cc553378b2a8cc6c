package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.replay.ReplayHistory;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** The detail of the selected stage; null when nothing is selected. */
public final class StageDetailViewModel {
    private final ObjectProperty<StageRows> rows = new SimpleObjectProperty<>(this, "rows", StageRows.EMPTY);
    private final StringProperty selectedKey = new SimpleStringProperty(this, "selectedKey");
    private final ObjectProperty<ReplayHistory> replays = new SimpleObjectProperty<>(this, "replays", ReplayHistory.EMPTY);
    private final ReadOnlyObjectWrapper<StageDetail> detail = new ReadOnlyObjectWrapper<>(this, "detail");

    public StageDetailViewModel() {
        rows.addListener((o, a, b) -> update());
        selectedKey.addListener((o, a, b) -> update());
        replays.addListener((o, a, b) -> update());
    }

    /** The window's replay runs; the selected input set's runs appear in its detail. */
    public ObjectProperty<ReplayHistory> replaysProperty() { return replays; }

    public ObjectProperty<StageRows> rowsProperty() { return rows; }
    public StringProperty selectedKeyProperty() { return selectedKey; }
    public ReadOnlyObjectProperty<StageDetail> detailProperty() { return detail.getReadOnlyProperty(); }

    private void update() {
        detail.set(rows.get().find(selectedKey.get()).map(r -> StageDetails.of(r).withReplays(replays.get().of(r.key()))).orElse(null));
    }
}
