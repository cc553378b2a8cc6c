package dev.tdw.app.ui.capture;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureId;
import dev.tdw.model.capture.Manifest;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One side's capture and the pickers for request label, occurrence and rank, each filled from what
 * was captured under the choice before it. {@link #manifestProperty()} changes once per user choice.
 */
public final class CaptureSideViewModel {
    private final Side side;
    private final ObjectProperty<CaptureDirectory> capture = new SimpleObjectProperty<>(this, "capture");
    private final ObservableList<String> labels = FXCollections.observableArrayList();
    private final ObservableList<Integer> occurrences = FXCollections.observableArrayList();
    private final ObservableList<Integer> ranks = FXCollections.observableArrayList();
    private final ObjectProperty<String> label = new SimpleObjectProperty<>(this, "label");
    private final ObjectProperty<Integer> occurrence = new SimpleObjectProperty<>(this, "occurrence");
    private final ObjectProperty<Integer> rank = new SimpleObjectProperty<>(this, "rank");
    private final ReadOnlyObjectWrapper<Manifest> manifest = new ReadOnlyObjectWrapper<>(this, "manifest");
    private final ReadOnlyStringWrapper name = new ReadOnlyStringWrapper(this, "name", "");
    private final ObjectProperty<Path> loading = new SimpleObjectProperty<>(this, "loading");
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(this, "headline", NO_CAPTURE);
    static final String NO_CAPTURE = "no capture — drop a folder here";
    private boolean updating;

    public CaptureSideViewModel(Side side) {
        this.side = side;
        capture.addListener((o, a, b) -> reset());
        loading.addListener(o -> updateHeadline());
        label.addListener((o, a, b) -> { if (!updating) update(label.get(), occurrence.get(), rank.get()); });
        occurrence.addListener((o, a, b) -> { if (!updating) update(label.get(), occurrence.get(), rank.get()); });
        rank.addListener((o, a, b) -> { if (!updating) update(label.get(), occurrence.get(), rank.get()); });
    }

    public Side side() { return side; }
    public ObjectProperty<CaptureDirectory> captureProperty() { return capture; }
    public ObservableList<String> labels() { return labels; }
    public ObservableList<Integer> occurrences() { return occurrences; }
    public ObservableList<Integer> ranks() { return ranks; }
    public ObjectProperty<String> labelProperty() { return label; }
    public ObjectProperty<Integer> occurrenceProperty() { return occurrence; }
    public ObjectProperty<Integer> rankProperty() { return rank; }
    public ReadOnlyObjectProperty<Manifest> manifestProperty() { return manifest.getReadOnlyProperty(); }
    public ReadOnlyStringProperty nameProperty() { return name.getReadOnlyProperty(); }
    /** The folder being read for this side, null when none is (set by the window's load, cleared when it ends). */
    public ObjectProperty<Path> loadingProperty() { return loading; }
    /** What the side's header says now: loading, the capture's name (and when nothing in it was usable), or none. */
    public ReadOnlyStringProperty headlineProperty() { return headline.getReadOnlyProperty(); }
    public Manifest manifest() { return manifest.get(); }
    public String name() { return name.get(); }
    public CaptureDirectory capture() { return capture.get(); }

    /** Selects the manifest with this id in one step (the pairing's choice). */
    public void select(CaptureId id) { update(id.label(), id.occurrence(), id.rank()); }

    /**
     * Shows exactly this manifest of the capture: the pickers move to its label, occurrence and rank, and of several
     * manifests with that id (repeated runs) this one is shown. A manifest of another capture selects nothing new.
     */
    public void choose(Manifest m) {
        if (!manifests().contains(m)) return;
        update(m.label(), m.occurrence(), m.rank(), m);
    }

    private void reset() {
        CaptureDirectory dir = capture.get();
        name.set(dir == null ? "" : displayName(dir.root()));
        List<String> all = dir == null ? List.of() : manifests().stream().map(Manifest::label).distinct().toList();
        updating = true;
        try {
            labels.setAll(all);
        } finally {
            updating = false;
        }
        Manifest first = dir == null || dir.manifests().isEmpty() ? null : dir.manifests().get(0);
        if (first == null) update(null, null, null); else select(first.id());
        updateHeadline();
    }

    private void updateHeadline() {
        CaptureDirectory dir = capture.get();
        if (loading.get() != null) headline.set("loading " + displayName(loading.get()) + " …");
        else if (dir == null) headline.set(NO_CAPTURE);
        else if (dir.manifests().isEmpty()) headline.set(name.get() + " — no usable manifest");
        else headline.set(name.get());
    }

    /** The capture folder's name, with its parent when the name alone says little ("run1", "capture"). */
    static String displayName(Path root) {
        Path abs = root.toAbsolutePath().normalize();
        Path file = abs.getFileName();
        if (file == null) return abs.toString();
        Path parent = abs.getParent() == null ? null : abs.getParent().getFileName();
        return parent == null ? file.toString() : parent + "/" + file;
    }

    private List<Manifest> manifests() { return capture.get() == null ? List.of() : capture.get().manifests(); }

    /** Keeps each choice when the earlier choices still offer it, else the first option. */
    private void update(String wantedLabel, Integer wantedOccurrence, Integer wantedRank) {
        update(wantedLabel, wantedOccurrence, wantedRank, null);
    }

    /** @param exact the manifest to show when the choices lead to several (repeated runs), else null: the first */
    private void update(String wantedLabel, Integer wantedOccurrence, Integer wantedRank, Manifest exact) {
        updating = true;
        try {
            List<Manifest> all = manifests();
            String l = labels.contains(wantedLabel) ? wantedLabel : labels.isEmpty() ? null : labels.get(0);
            occurrences.setAll(all.stream().filter(m -> Objects.equals(m.label(), l)).map(Manifest::occurrence).distinct().toList());
            Integer o = occurrences.contains(wantedOccurrence) ? wantedOccurrence : occurrences.isEmpty() ? null : occurrences.get(0);
            ranks.setAll(all.stream().filter(m -> Objects.equals(m.label(), l) && Objects.equals(m.occurrence(), o))
                    .map(Manifest::rank).distinct().toList());
            Integer r = ranks.contains(wantedRank) ? wantedRank : ranks.isEmpty() ? null : ranks.get(0);
            label.set(l);
            occurrence.set(o);
            rank.set(r);
            manifest.set(exact != null ? exact : all.stream().filter(m -> Objects.equals(m.label(), l) && Objects.equals(m.occurrence(), o)
                    && Objects.equals(m.rank(), r)).findFirst().orElse(null));
        } finally {
            updating = false;
        }
    }
}
