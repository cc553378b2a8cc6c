package dev.tdw.app.ui.capture;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.report.Wording;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The files the loads of the two sides did not use, and the banner's line about them. */
public final class SideProblems {
    private final CaptureSideViewModel left, right;
    /** Problems per side; the null key holds failures of a two-sided load. */
    private final Map<Side, List<LoadProblem>> bySide = new HashMap<>();
    private final ObservableList<LoadProblem> all = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "problemsText", "");

    public SideProblems(CaptureSideViewModel left, CaptureSideViewModel right) {
        this.left = left;
        this.right = right;
    }

    public ObservableList<LoadProblem> all() { return all; }

    /** The files that were not used, summed up truthfully (whether anything else loaded); empty when none. */
    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }

    /** A side loaded: its problems are its capture's, and a failed two-sided load is over. Shown by {@link #refresh()}. */
    public void loaded(Side side, List<LoadProblem> problems) {
        bySide.put(side, problems);
        bySide.remove(null);
    }

    /** A load of {@code side} (null: of both sides) failed. */
    public void failed(Side side, LoadProblem problem) {
        List<LoadProblem> list = new ArrayList<>(bySide.getOrDefault(side, List.of()));
        list.add(problem);
        bySide.put(side, list);
        refresh();
    }

    /** The sides exchanged their captures, and so their problems. */
    public void swap() {
        List<LoadProblem> lp = bySide.remove(Side.LEFT), rp = bySide.remove(Side.RIGHT);
        if (rp != null) bySide.put(Side.LEFT, rp);
        if (lp != null) bySide.put(Side.RIGHT, lp);
    }

    public void refresh() {
        List<LoadProblem> list = new ArrayList<>();
        for (Side s : new Side[]{null, Side.LEFT, Side.RIGHT}) list.addAll(bySide.getOrDefault(s, List.of()));
        all.setAll(list);
        text.set(text(list));
    }

    public void dismiss() {
        bySide.clear();
        all.clear();
        text.set("");
    }

    /** "2 files not used in overflow/candidate, which has nothing usable: …" or "… (everything else loaded): …". */
    private String text(List<LoadProblem> list) {
        if (list.isEmpty()) return "";
        String files = Wording.loadProblems(list);
        List<String> empty = new ArrayList<>();
        for (CaptureSideViewModel s : List.of(left, right)) {
            CaptureDirectory d = s.capture();
            if (d != null && d.manifests().isEmpty() && !bySide.getOrDefault(s.side(), List.of()).isEmpty()) empty.add(s.name());
        }
        String rest = empty.isEmpty() ? " (everything else loaded)" : "; nothing usable in " + String.join(" or ", empty);
        return files + rest + ": " + list.get(0).message() + (list.size() > 1 ? " …" : "");
    }
}
