package dev.tdw.app.ui.widget;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.ScrollEvent;

/**
 * The mouse wheel over a chart or a table inside a scrolling panel scrolls the panel. Left alone, a JFreeChart viewer
 * zooms and a table scrolls its own rows as soon as the pointer passes over them while the user reads down the panel.
 */
public final class WheelScroll {
    private WheelScroll() {}

    /** Wheel events over {@code node} are taken before it sees them and sent to {@code panel}'s content instead. */
    public static void toPanel(Node node, ScrollPane panel) {
        node.addEventFilter(ScrollEvent.SCROLL, e -> {
            Node content = panel.getContent();
            ScrollEvent copy = e.copyFor(content, content);
            e.consume();
            // Fired at the content, the event bubbles to the panel's viewport, which scrolls as for any other wheel turn.
            if (content != null) content.fireEvent(copy);
        });
    }
}
