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
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

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
    private final ReadOnlyObjectWrapper<ChoiceVerdicts> verdicts = new ReadOnlyObjectWrapper<>(this, "verdicts", ChoiceVerdicts.NONE);
    /** What the manifest a choice leads to would show against the other side; null: nothing to say (no every-pair analysis). */
    private Function<Manifest, String> verdictOf;
    static final String NO_CAPTURE = "no capture — drop a folder here";
    private boolean updating;

    public CaptureSideViewModel(Side side) {
        this.side = side;
        // An invalidation, not a change listener: a capture loaded again is equal to the one shown (a record of equal
        // manifests), and a change listener would keep the earlier load's manifest objects selected.
        capture.addListener(o -> reset());
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
    /** Per option of each picker, the verdict of the pair choosing it would show. */
    public ReadOnlyObjectProperty<ChoiceVerdicts> verdictsProperty() { return verdicts.getReadOnlyProperty(); }
    public Manifest manifest() { return manifest.get(); }

    /**
     * Who says what a manifest of this side would show when chosen (the workbench, from the every-pair analysis and its
     * pairing); null when there is nothing to say. The options' verdicts follow at once.
     */
    public void setVerdictOf(Function<Manifest, String> verdictOf) {
        this.verdictOf = verdictOf;
        refreshVerdicts();
    }

    /** Works the options' verdicts out again: the other side's choice, which a verdict depends on, changed. */
    public void refreshVerdicts() {
        if (verdictOf == null || capture.get() == null) {
            verdicts.set(ChoiceVerdicts.NONE);
            return;
        }
        String l = label.get();
        Integer o = occurrence.get(), r = rank.get();
        Map<String, String> byLabel = new java.util.HashMap<>();
        for (String x : labels) byLabel.put(x, verdict(resolve(x, o, r).manifest()));
        Map<Integer, String> byOccurrence = new java.util.HashMap<>();
        for (Integer x : occurrences) byOccurrence.put(x, verdict(resolve(l, x, r).manifest()));
        Map<Integer, String> byRank = new java.util.HashMap<>();
        for (Integer x : ranks) byRank.put(x, verdict(resolve(l, o, x).manifest()));
        verdicts.set(new ChoiceVerdicts(byLabel, byOccurrence, byRank));
    }

    private String verdict(Manifest m) { return m == null ? null : verdictOf.apply(m); }

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

    /** The side in the window's title: "loading NAME …" while a capture loads, else its name, else that there is none. */
    public String titleName() {
        if (loading.get() != null) return "loading " + displayName(loading.get()) + " …";
        return name.get().isEmpty() ? "no capture" : name.get();
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
            Choice c = resolve(wantedLabel, wantedOccurrence, wantedRank);
            occurrences.setAll(c.occurrences());
            ranks.setAll(c.ranks());
            label.set(c.label());
            occurrence.set(c.occurrence());
            rank.set(c.rank());
            manifest.set(exact != null ? exact : c.manifest());
        } finally {
            updating = false;
        }
        refreshVerdicts();
    }

    /** Where wanted choices lead: the pickers' options and values, and the manifest they select (null when none). */
    private record Choice(String label, Integer occurrence, Integer rank, List<Integer> occurrences, List<Integer> ranks, Manifest manifest) {}

    /** Keeps each wanted choice when the earlier choices still offer it, else takes the first option. */
    private Choice resolve(String wantedLabel, Integer wantedOccurrence, Integer wantedRank) {
        List<Manifest> all = manifests();
        String l = labels.contains(wantedLabel) ? wantedLabel : labels.isEmpty() ? null : labels.get(0);
        List<Integer> occs = all.stream().filter(m -> Objects.equals(m.label(), l)).map(Manifest::occurrence).distinct().toList();
        Integer o = occs.contains(wantedOccurrence) ? wantedOccurrence : occs.isEmpty() ? null : occs.get(0);
        List<Integer> rs = all.stream().filter(m -> Objects.equals(m.label(), l) && Objects.equals(m.occurrence(), o))
                .map(Manifest::rank).distinct().toList();
        Integer r = rs.contains(wantedRank) ? wantedRank : rs.isEmpty() ? null : rs.get(0);
        Manifest m = all.stream().filter(x -> Objects.equals(x.label(), l) && Objects.equals(x.occurrence(), o)
                && Objects.equals(x.rank(), r)).findFirst().orElse(null);
        return new Choice(l, o, r, occs, rs, m);
    }
}
