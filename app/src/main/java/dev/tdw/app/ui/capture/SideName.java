package dev.tdw.app.ui.capture;

import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;

/**
 * A side's capture name ({@code layer-bug/baseline}): shown whole while it is at most {@link #MAX_KEPT} pixels wide,
 * so the pickers beside it give way first; a longer name is cut in the middle, where the two path parts meet, and
 * the tooltip holds the full path.
 */
final class SideName extends Label {
    /** The widest a name is kept whole, in pixels: two path components of ordinary length. */
    static final double MAX_KEPT = 220;

    SideName() {
        setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
    }

    @Override
    protected double computeMinWidth(double height) {
        return Math.min(MAX_KEPT, computePrefWidth(height));
    }
}
