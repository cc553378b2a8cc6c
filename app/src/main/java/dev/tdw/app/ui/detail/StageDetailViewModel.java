package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.history.InvestigationHistory;
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
    private final ObjectProperty<InvestigationHistory> history = new SimpleObjectProperty<>(this, "history", InvestigationHistory.EMPTY);
    private final ReadOnlyObjectWrapper<StageDetail> detail = new ReadOnlyObjectWrapper<>(this, "detail");

    public StageDetailViewModel() {
        rows.addListener((o, a, b) -> update());
        selectedKey.addListener((o, a, b) -> update());
        history.addListener((o, a, b) -> update());
    }

    /** The window's history; the replays of the selected input set appear in its detail. */
    public ObjectProperty<InvestigationHistory> historyProperty() { return history; }

    public ObjectProperty<StageRows> rowsProperty() { return rows; }
    public StringProperty selectedKeyProperty() { return selectedKey; }
    public ReadOnlyObjectProperty<StageDetail> detailProperty() { return detail.getReadOnlyProperty(); }

    private void update() {
        detail.set(rows.get().find(selectedKey.get()).map(r -> StageDetails.of(r).withReplays(history.get().replaysOf(r.key()))
                .withOp(OpDetail.of(rows.get(), r))).orElse(null));
    }
}
