package dev.tdw.app.ui.widget;

import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

import java.util.ArrayList;
import java.util.List;

/**
 * A banner kept to one screen line when the window is short of room for the table: its first line is cut at the end
 * (the whole text in its tooltip) and further lines ({@link #extra}) are hidden; a "more…" link (shown while a line is
 * too long for one screen line or there are further lines) wraps every line in full and shows the others until "less"
 * folds them again. Unfolded or folded follows the room the window has ({@link #followRoom}) until the user chooses.
 */
public final class FoldedLines {
    /** A tooltip wider than this wraps: a long verdict stays readable beside the window. */
    private static final double TOOLTIP_WIDTH = 640;

    private final BooleanProperty unfolded = new SimpleBooleanProperty(false);
    private final ReadOnlyBooleanWrapper cut = new ReadOnlyBooleanWrapper(false);
    private final List<Label> lines = new ArrayList<>();
    private final List<ObservableBooleanValue> extras = new ArrayList<>();
    /** Whether an extra line has something to say (shown or folded away). */
    private final SimpleBooleanProperty extraShown = new SimpleBooleanProperty(false);
    private final Hyperlink toggle = new Hyperlink();

    public FoldedLines(String toggleId) {
        toggle.setId(toggleId);
        toggle.textProperty().bind(unfolded.map(u -> u ? "less" : "more…"));
        toggle.setOnAction(e -> unfolded.set(!unfolded.get()));
        toggle.setMinWidth(Region.USE_PREF_SIZE);
        // Kept in the layout while hidden: taking its room away as a line gets cut would widen the line again.
        toggle.visibleProperty().bind(cut.or(extraShown));
    }

    /**
     * A further line, shown only unfolded: folded, the banner is one screen line and "more…" says there is more.
     * Returns when to show the line: while it has something to say and the lines are unfolded.
     */
    public ObservableBooleanValue extra(ObservableBooleanValue hasText) {
        extras.add(hasText);
        hasText.addListener(o -> extraShown.set(extras.stream().anyMatch(ObservableBooleanValue::get)));
        extraShown.set(extras.stream().anyMatch(ObservableBooleanValue::get));
        return Bindings.and(hasText, unfolded);
    }

    /** Unfolds while {@code roomy} holds and folds when it stops: set at each change, so "more"/"less" still decide between. */
    public void followRoom(ObservableBooleanValue roomy) {
        unfolded.set(roomy.get());
        roomy.addListener((o, was, now) -> unfolded.set(now));
    }

    /** Folds this line with the others; returns it. */
    public Label add(Label line) {
        lines.add(line);
        line.wrapTextProperty().bind(unfolded);
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(line.textProperty());
        whole.setWrapText(true);
        whole.setMaxWidth(TOOLTIP_WIDTH);
        line.setTooltip(whole);
        line.widthProperty().addListener(o -> update());
        line.textProperty().addListener(o -> update());
        return line;
    }

    /** The "more"/"less" link to place beside the lines. */
    public Hyperlink toggle() { return toggle; }

    /** Whether a line does not fit its width on one screen line (folded, its end is cut; unfolded, it wraps). */
    public ReadOnlyBooleanProperty cutProperty() { return cut.getReadOnlyProperty(); }

    public BooleanProperty unfoldedProperty() { return unfolded; }

    private void update() {
        cut.set(lines.stream().anyMatch(l -> l.getText() != null && !l.getText().isEmpty() && l.getWidth() > 0
                && l.prefWidth(-1) > l.getWidth() + 0.5));
    }
}
