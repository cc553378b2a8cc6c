package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Where the table's rows stand when its height changes after a stage was revealed (the banner above it gains or loses
 * a line while the window settles): the revealed rows stay put, the top one whole, rather than sliding by a fraction
 * of the change as the stock virtual flow's kept scroll fraction moved them.
 */
@ExtendWith(ApplicationExtension.class)
class StageTableScrollUiTest {
    /** Far enough down the layer-bug table that revealing it scrolls, far enough from the end that it is not clamped. */
    private static final String DEEP = "layers.4.self_attn.q_rope#0";

    /** The table's fixed row height. */
    private static final double ROW = 24;

    private final StringProperty selected = new SimpleStringProperty();
    private final Region banner = new Region();
    private StageTableView table;

    @Start
    void start(Stage stage) {
        table = LayerBugTable.create(selected);
        banner.setPrefHeight(40);
        banner.setMinHeight(Region.USE_PREF_SIZE);
        BorderPane root = new BorderPane(table);
        root.setTop(banner);
        LayerBugTable.show(stage, root, 900, 400);
    }

    private VirtualFlow<?> flow() { return (VirtualFlow<?>) table.lookup(".virtual-flow"); }

    private void pulse() { LayerBugTable.pulse(table.getScene().getRoot()); }

    /** Where the selected row's top lies in the table's viewport. */
    private double selectedY() {
        return Fx.call(() -> {
            IndexedCell<?> row = flow().getVisibleCell(table.getSelectionModel().getSelectedIndex());
            return row == null ? Double.NaN : row.getLayoutY();
        });
    }

    @Test
    void revealedRowsStayPutWhenTheTableGetsShorterOrTaller() {
        pulse();
        Fx.run(() -> selected.set(DEEP));
        pulse();
        // Three whole rows of context above the selected one.
        assertEquals(3 * ROW, selectedY());
        for (double h : new double[] {57, 23, 90, 40}) {
            Fx.run(() -> banner.setPrefHeight(h));
            pulse();
            assertEquals(3 * ROW, selectedY(), "the selected row after the banner became " + h + " px");
        }
    }

    /**
     * A row scrolled to stands at the top of the viewport, whole; near the end the last row ends at the viewport's
     * bottom instead. Also after a group collapsed and expanded (fewer rows, then more) and with the banner taller.
     */
    @Test
    void aRowScrolledToStandsAtTheTopOrTheLastRowAtTheBottom() {
        pulse();
        java.util.List<String> wrong = new java.util.ArrayList<>();
        Runnable check = () -> {
            int count = Fx.call(() -> table.getExpandedItemCount());
            for (int index : new int[] {0, 1, 7, count / 2, count - 12, count - 3, count - 1, 5}) {
                Fx.run(() -> table.scrollTo(index));
                pulse();
                wrong.addAll(Fx.call(() -> {
                    VirtualFlow<?> flow = flow();
                    double viewport = flow.getHeight() - LayerBugTable.horizontalBar(table).getHeight();
                    IndexedCell<?> first = flow.getFirstVisibleCell(), last = flow.getLastVisibleCell();
                    boolean atEnd = (count - index) * ROW <= viewport;
                    double lastBottom = last.getLayoutY() + last.getHeight();
                    if (!atEnd && (first.getIndex() != index || first.getLayoutY() != 0)) {
                        return java.util.List.of("row " + index + " of " + count + ": row " + first.getIndex() + " at the top, at " + first.getLayoutY());
                    }
                    if (atEnd && (last.getIndex() != count - 1 || Math.abs(lastBottom - viewport) > 0.01)) {
                        return java.util.List.of("row " + index + " of " + count + ": row " + last.getIndex() + " last, ending at " + lastBottom + " of " + viewport);
                    }
                    return java.util.List.<String>of();
                }));
            }
        };
        check.run();
        var group = Fx.call(() -> table.getRoot().getChildren().stream().filter(i -> !i.isLeaf()).skip(2).findFirst().orElseThrow());
        Fx.run(() -> group.setExpanded(false));
        check.run();
        Fx.run(() -> {
            group.setExpanded(true);
            banner.setPrefHeight(90);
        });
        check.run();
        assertEquals(java.util.List.of(), wrong);
    }

    @Test
    void revealedWhileTheHeightChangesInTheSamePulseTheTopRowIsWhole() {
        pulse();
        // The stage is revealed before the window lays out its new banner: the flow scrolls at its old height.
        Fx.run(() -> {
            selected.set(DEEP);
            banner.setPrefHeight(61);
        });
        pulse();
        assertEquals(3 * ROW, selectedY());
    }
}
