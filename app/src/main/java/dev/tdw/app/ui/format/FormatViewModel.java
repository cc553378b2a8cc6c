package dev.tdw.app.ui.format;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.format.CaptureFormat;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The format of the captures shown, named when one is an msprobe dump (a probe capture is what the window shows by
 * default, and says nothing), and the msprobe switch: whether backward entries are searched for the first divergence
 * (off by default, as {@code tdw diff} without {@code --backward}).
 */
public final class FormatViewModel {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyBooleanWrapper msprobe = new ReadOnlyBooleanWrapper(this, "msprobe", false);
    private final BooleanProperty searchBackward = new SimpleBooleanProperty(this, "searchBackward", false);

    /** "Format: msprobe dump (MindStudio Probe dump.json)", or each side's format when they differ; "" for probe captures. */
    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }

    /** Whether a side is an msprobe dump: the switch applies. */
    public ReadOnlyBooleanProperty msprobeProperty() { return msprobe.getReadOnlyProperty(); }

    /** Whether msprobe dumps' backward entries and parameter gradients are searched for the first divergence. */
    public BooleanProperty searchBackwardProperty() { return searchBackward; }

    /** Names the formats of the sides now shown (either may be null: not opened). */
    public void show(CaptureDirectory left, CaptureDirectory right) {
        CaptureFormat l = format(left), r = format(right);
        boolean any = l == CaptureFormat.MSPROBE || r == CaptureFormat.MSPROBE;
        msprobe.set(any);
        if (!any) text.set("");
        else if (l == null || r == null || l == r) text.set("Format: " + CaptureFormat.MSPROBE.description());
        else text.set("Formats differ: left " + l.description() + ", right " + r.description()
                + "; a pair of two formats is not compared");
    }

    private static CaptureFormat format(CaptureDirectory d) {
        return d == null || d.manifests().isEmpty() ? null : CaptureFormat.of(d.manifests());
    }
}
