package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.widget.Labels;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;

import java.util.ArrayList;
import java.util.List;

/**
 * A detail table (a name column, then value columns) that keeps its labels from one stage to the next and only sets
 * their texts: new labels would be styled from scratch on every selection, which dominated a selection's cost.
 */
final class FieldGrid {
    /** One line: its name, the value of each value column, and whether the values are marked as differing. */
    record Line(String name, List<String> values, boolean differs) {}

    private final GridPane grid = new GridPane();
    private final List<Label[]> rows = new ArrayList<>();
    private final int columns;

    FieldGrid(String... headers) {
        this.columns = headers.length;
        grid.setHgap(14);
        grid.setVgap(2);
        grid.getStyleClass().add("detail-grid");
        for (int i = 0; i < headers.length; i++) {
            Label h = new Label(headers[i]);
            h.getStyleClass().add("column-header-label");
            grid.add(h, i, 0);
        }
    }

    GridPane node() { return grid; }

    /** Shows these lines: rows are added or removed only when the number of lines changes. */
    void fill(List<Line> lines) {
        while (rows.size() > lines.size()) grid.getChildren().removeAll(rows.remove(rows.size() - 1));
        while (rows.size() < lines.size()) {
            Label[] row = new Label[columns];
            row[0] = new Label();
            for (int c = 1; c < columns; c++) {
                row[c] = new Label();
                row[c].getStyleClass().add("mono");
            }
            grid.addRow(rows.size() + 1, row);
            rows.add(row);
        }
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            Label[] row = rows.get(i);
            row[0].setText(Labels.safe(line.name()));
            for (int c = 1; c < columns; c++) {
                row[c].setText(Labels.safe(line.values().get(c - 1)));
                mark(row[c], line.differs());
            }
        }
    }

    private static void mark(Label l, boolean differs) {
        boolean marked = l.getStyleClass().contains("differs");
        if (differs && !marked) l.getStyleClass().add("differs");
        if (!differs && marked) l.getStyleClass().remove("differs");
    }
}
