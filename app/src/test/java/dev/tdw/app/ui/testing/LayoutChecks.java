package dev.tdw.app.ui.testing;

import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.stage.Window;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bounds checks of a shown window that hold whatever the fonts: it lies inside the screen's area, its primary buttons
 * are inside it and outside any scrolled part, and no two of its texts and controls cover each other. Call on the FX thread.
 */
public final class LayoutChecks {
    private LayoutChecks() {}

    public static void assertFits(Window window, Rectangle2D screen, List<? extends Node> primary) {
        String size = window.getWidth() + "x" + window.getHeight() + " at " + window.getX() + "," + window.getY() + " on " + screen;
        assertTrue(window.getWidth() <= screen.getWidth() + 0.5 && window.getHeight() <= screen.getHeight() + 0.5, "larger than the screen: " + size);
        assertTrue(window.getX() >= screen.getMinX() - 0.5 && window.getY() >= screen.getMinY() - 0.5
                && window.getX() + window.getWidth() <= screen.getMaxX() + 0.5 && window.getY() + window.getHeight() <= screen.getMaxY() + 0.5,
                "off the screen: " + size);
        Parent root = window.getScene().getRoot();
        Bounds scene = new javafx.geometry.BoundingBox(0, 0, window.getScene().getWidth(), window.getScene().getHeight());
        for (Node b : primary) {
            Bounds at = b.localToScene(b.getBoundsInLocal());
            assertTrue(b.isVisible() && scene.contains(at), b.getId() + " outside the window: " + at + " in " + scene);
            for (Node p = b.getParent(); p != null; p = p.getParent()) {
                assertTrue(!(p instanceof ScrollPane), b.getId() + " scrolls out of view with the form");
            }
        }
        List<Node> parts = new ArrayList<>();
        collect(root, parts);
        for (int i = 0; i < parts.size(); i++) {
            for (int j = i + 1; j < parts.size(); j++) {
                Node a = parts.get(i), b = parts.get(j);
                Bounds x = shown(a), y = shown(b);
                if (x == null || y == null) continue;
                double w = Math.min(x.getMaxX(), y.getMaxX()) - Math.max(x.getMinX(), y.getMinX());
                double h = Math.min(x.getMaxY(), y.getMaxY()) - Math.max(x.getMinY(), y.getMinY());
                assertTrue(w <= 1 || h <= 1, "overlap: " + describe(a) + " " + x + " and " + describe(b) + " " + y);
            }
        }
    }

    /** The visible texts and controls, each whole (a combo box, not the label inside it). */
    private static void collect(Node n, List<Node> out) {
        if (!n.isVisible() || !n.isManaged() && n.getParent() != null && !(n.getParent() instanceof SplitPane)) return;
        boolean part = n instanceof TextInputControl || n instanceof ComboBoxBase || n instanceof ListView
                || (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty());
        if (part) {
            out.add(n);
            return;
        }
        if (n instanceof Control c && !(n instanceof ScrollPane) && !(n instanceof SplitPane)) return;
        if (n instanceof ScrollPane s) {
            if (s.getContent() != null) collect(s.getContent(), out);
            return;
        }
        if (n instanceof SplitPane s) {
            for (Node item : s.getItems()) collect(item, out);
            return;
        }
        if (n instanceof Parent p) for (Node child : p.getChildrenUnmodifiable()) collect(child, out);
    }

    /** The part of a node's bounds in the scene that its scroll panes show; null when it is scrolled out of view. */
    private static Bounds shown(Node n) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (!(p instanceof ScrollPane s)) continue;
            Bounds view = s.localToScene(s.getLayoutBounds());
            double minX = Math.max(b.getMinX(), view.getMinX()), minY = Math.max(b.getMinY(), view.getMinY());
            double maxX = Math.min(b.getMaxX(), view.getMaxX()), maxY = Math.min(b.getMaxY(), view.getMaxY());
            if (maxX <= minX || maxY <= minY) return null;
            b = new javafx.geometry.BoundingBox(minX, minY, maxX - minX, maxY - minY);
        }
        return b;
    }

    private static String describe(Node n) {
        return (n.getId() != null ? "#" + n.getId() : n.getClass().getSimpleName())
                + (n instanceof Labeled l ? " '" + l.getText() + "'" : "");
    }
}
