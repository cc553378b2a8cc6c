package dev.tdw.app.ui.capture;

import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;

/**
 * A side's capture name ({@code layer-bug/baseline}). The side's pane narrows the label picker first, so the name is
 * shown whole while it is at most {@link #MAX_KEPT} pixels wide and the pane has room; otherwise it is cut in the
 * middle, where the two path parts meet (the tooltip holds the full path), down to {@link #MIN} pixels.
 */
final class SideName extends Label {
    /** The widest a name is kept whole at the label picker's expense, in pixels: two path components of ordinary length. */
    static final double MAX_KEPT = 220;
    /** What is left of a name in the narrowest window: its first and last letters around the ellipsis. */
    static final double MIN = 46;

    SideName() {
        setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        setMinWidth(MIN);
    }

    /** Rounded up: laid out at its fractional width snapped down, the whole name would be cut by a hair. */
    @Override
    protected double computePrefWidth(double height) {
        return Math.ceil(super.computePrefWidth(height)) + 1;
    }

    /** The width the name asks for before the label picker gets any: whole, up to {@link #MAX_KEPT}. */
    double keptWidth() { return Math.min(MAX_KEPT, prefWidth(-1)); }
}
