package dev.tdw.app.ui.widget;

import javafx.geometry.Rectangle2D;
import javafx.scene.control.ScrollPane;
import javafx.stage.Screen;
import javafx.stage.Window;

/**
 * Dialogs that fit the screen the workbench runs on (800x500 up): never larger than the screen's usable area, placed
 * inside it, their form in a scroll pane so it scrolls when the window is small while the primary buttons stay outside
 * it, always in view.
 */
public final class DialogFit {
    private DialogFit() {}

    /** The usable area of the screen holding the middle of {@code owner} (the primary screen without an owner). */
    public static Rectangle2D screenOf(Window owner) {
        if (owner == null) return Screen.getPrimary().getVisualBounds();
        var screens = Screen.getScreensForRectangle(owner.getX() + owner.getWidth() / 2, owner.getY() + owner.getHeight() / 2, 1, 1);
        return (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
    }

    /** A form that scrolls when its window is smaller than it, and fills the window when there is room. */
    public static ScrollPane scrolling(javafx.scene.layout.Region form) {
        // Asks for the whole form at its own width (a wrapped note's full height), so a window sized to its content has
        // room for all of it where the screen allows; a smaller window scrolls.
        ScrollPane scroll = new ScrollPane(form) {
            @Override
            protected double computePrefWidth(double height) {
                return form.prefWidth(-1) + snappedLeftInset() + snappedRightInset();
            }

            @Override
            protected double computePrefHeight(double width) {
                double inner = width < 0 ? form.prefWidth(-1) : width - snappedLeftInset() - snappedRightInset();
                return form.prefHeight(inner) + snappedTopInset() + snappedBottomInset();
            }
        };
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.getStyleClass().add("edge-to-edge");
        return scroll;
    }

    /** Once shown, {@code window} is no larger than {@code area} and lies inside it. */
    public static void keepInside(Window window, Rectangle2D area) {
        window.addEventHandler(javafx.stage.WindowEvent.WINDOW_SHOWN, e -> {
            place(window, area);
            // Once more after the pulse that shows it: a dialog sizes itself to its content after it is shown (on a
            // real screen it then grew past an 800x500 screen again).
            javafx.application.Platform.runLater(() -> place(window, area));
        });
        // And whenever the window grows past the area (a longer text, a resize by the window itself).
        window.widthProperty().addListener((o, a, b) -> {
            if (window.isShowing() && b.doubleValue() > area.getWidth()) place(window, area);
        });
        window.heightProperty().addListener((o, a, b) -> {
            if (window.isShowing() && b.doubleValue() > area.getHeight()) place(window, area);
        });
    }

    /**
     * As {@link #keepInside}, and once shown the window takes the size its content asks for within {@code area}: a
     * dialog sized before its texts came in (the runtimes' note) would otherwise scroll at a size the screen has room for.
     */
    public static void fitContent(javafx.stage.Stage window, Rectangle2D area) {
        keepInside(window, area);
        window.addEventHandler(javafx.stage.WindowEvent.WINDOW_SHOWN, e -> javafx.application.Platform.runLater(() -> {
            window.sizeToScene();
            place(window, area);
        }));
    }

    private static void place(Window window, Rectangle2D area) {
        if (window.getWidth() > area.getWidth()) window.setWidth(area.getWidth());
        if (window.getHeight() > area.getHeight()) window.setHeight(area.getHeight());
        window.setX(Math.max(area.getMinX(), Math.min(window.getX(), area.getMaxX() - window.getWidth())));
        window.setY(Math.max(area.getMinY(), Math.min(window.getY(), area.getMaxY() - window.getHeight())));
    }
}
