package dev.tdw.app.ui.capture;

import dev.tdw.app.ui.widget.Labels;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.ListCell;
import javafx.util.StringConverter;

import java.util.Map;
import java.util.function.Function;

/**
 * A picker's option: its name, and in the open list what choosing it would show ("occ 2 — DIVERGENT at …"). The
 * verdicts change when the other side or the analysis does, without the options changing, so the cell follows them.
 */
final class ChoiceCell<T> extends ListCell<T> {
    private final StringConverter<T> names;
    private final ObservableValue<ChoiceVerdicts> verdicts;
    private final Function<ChoiceVerdicts, Map<T, String>> which;
    /** Held here: the side's verdicts outlive the cells of a popup, which must not be kept alive by them. */
    private final InvalidationListener refresh = o -> show(getItem(), isEmpty());

    /** @param verdicts null for the picker's button, which shows the chosen name only (its width stays that of a name) */
    ChoiceCell(StringConverter<T> names, ObservableValue<ChoiceVerdicts> verdicts, Function<ChoiceVerdicts, Map<T, String>> which) {
        this.names = names;
        this.verdicts = verdicts;
        this.which = which;
        if (verdicts != null) verdicts.addListener(new WeakInvalidationListener(refresh));
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        show(item, empty);
    }

    private void show(T item, boolean empty) {
        if (empty) {
            setText(null);
            return;
        }
        String name = names.toString(item);
        String verdict = verdicts == null || verdicts.getValue() == null ? null : which.apply(verdicts.getValue()).get(item);
        setText(verdict == null ? name : name + "  —  " + Labels.name(verdict));
    }
}
