package dev.tdw.app.ui.history;

import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.history.Step;
import dev.tdw.model.text.SafeText;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.function.Function;

/**
 * The one investigation history in the window, as the report saves it: every comparison, capture, replay and symptom
 * check in order, each with what it showed. It renders {@link InvestigationHistory}; nothing here decides.
 */
public final class HistoryView extends VBox {
    private final TableView<Step> table = new TableView<>();
    private final Label dropped = new Label();

    public HistoryView(ReadOnlyObjectProperty<InvestigationHistory> history) {
        setId("history-view");
        table.setId("history-table");
        table.getColumns().add(column("time (UTC)", s -> s.at().toString(), 170));
        table.getColumns().add(column("step", s -> s.kind().label(), 110));
        table.getColumns().add(column("on", s -> SafeText.of(s.subject()), 260));
        table.getColumns().add(column("showed", s -> SafeText.of(s.finding()), 420));
        Label empty = new Label("No steps yet: each comparison, capture run, replay and symptom check is listed here in order,"
                + " and saved with the report (File > Save Report…).");
        empty.setWrapText(true);
        table.setPlaceholder(empty);
        dropped.setId("history-dropped");
        dropped.getStyleClass().add("hint");
        dropped.setManaged(false);
        dropped.setVisible(false);
        getChildren().addAll(dropped, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        history.addListener((o, a, h) -> show(h));
        show(history.get());
    }

    private void show(InvestigationHistory h) {
        table.getItems().setAll(h.steps());
        boolean any = h.dropped() > 0;
        dropped.setText(any ? h.dropped() + " earlier steps not kept (the history keeps the last " + InvestigationHistory.LIMIT + ")" : "");
        dropped.setVisible(any);
        dropped.setManaged(any);
        if (!h.isEmpty()) table.scrollTo(h.steps().size() - 1);
    }

    private static TableColumn<Step, String> column(String title, Function<Step, String> text, double width) {
        TableColumn<Step, String> c = new TableColumn<>(title);
        c.setCellValueFactory(f -> new ReadOnlyStringWrapper(text.apply(f.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
