package dev.tdw.app.ui.sets;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.text.SafeText;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The overview of two roots with several pairs: a grid of forwards by ranks from the model's every-pair analysis,
 * where the investigation should start (the first divergent forward's origin rank), and which pair is open.
 */
public final class CaptureSetViewModel {
    private final ReadOnlyObjectWrapper<AllPairsResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final ReadOnlyStringWrapper legend = new ReadOnlyStringWrapper(this, "legend", "");
    private final ReadOnlyStringWrapper unpaired = new ReadOnlyStringWrapper(this, "unpaired", "");
    private final ReadOnlyStringWrapper ambiguous = new ReadOnlyStringWrapper(this, "ambiguous", "");
    private final ReadOnlyObjectWrapper<PairOutcome> open = new ReadOnlyObjectWrapper<>(this, "open");
    private Consumer<PairOutcome> opener = p -> { };

    public ReadOnlyObjectProperty<AllPairsResult> resultProperty() { return result.getReadOnlyProperty(); }
    public ReadOnlyStringProperty summaryProperty() { return summary.getReadOnlyProperty(); }

    /** How to read the cells, with the rule that named the origin (the communication clock for msprobe dumps). */
    public ReadOnlyStringProperty legendProperty() { return legend.getReadOnlyProperty(); }
    public ReadOnlyStringProperty unpairedProperty() { return unpaired.getReadOnlyProperty(); }
    /** Every key two manifests of one side claim, with their files; empty when the pairing is unambiguous. */
    public ReadOnlyStringProperty ambiguousProperty() { return ambiguous.getReadOnlyProperty(); }
    /** The pair shown in the table and chart, or null when the sides show no pair of this analysis. */
    public ReadOnlyObjectProperty<PairOutcome> openProperty() { return open.getReadOnlyProperty(); }
    public AllPairsResult result() { return result.get(); }

    /** Who opens a pair in the table and chart: the workbench. */
    public void setOpener(Consumer<PairOutcome> opener) { this.opener = Objects.requireNonNull(opener); }

    public void show(AllPairsResult r) {
        result.set(r);
        legend.set(r == null ? "" : "Each cell is one pair: verdict and first divergent stage. * marks the origin rank: "
                + CaptureSetText.originRule(r) + ". The outlined cell is the pair the sides and the chart show; click a cell to open its stages.");
        if (r == null) {
            summary.set("");
            unpaired.set("");
            ambiguous.set("");
            return;
        }
        StringBuilder s = new StringBuilder(r.verdict().name()).append(" · ").append(r.pairs().size())
                .append(r.pairs().size() == 1 ? " pair" : " pairs").append(" · ").append(r.forwards().size())
                .append(r.forwards().size() == 1 ? " forward" : " forwards");
        Forward f = r.firstDivergentForward();
        if (f == null) {
            s.append(" · no forward diverges");
        } else {
            s.append(" · first divergent forward ").append(CaptureSetText.forwardName(f)).append(": origin rank ")
                    .append(String.join(", ", f.originRanks().stream().map(x -> Objects.toString(x, "?")).toList()))
                    .append(" at ").append(SafeText.of(f.origin().key()));
        }
        summary.set(s.toString());
        unpaired.set(r.unpairedLeft().isEmpty() && r.unpairedRight().isEmpty() ? ""
                : "Unpaired (no partner on the other side): " + String.join(" · ", java.util.stream.Stream.of(
                        names("left", r.left(), r.unpairedLeft()), names("right", r.right(), r.unpairedRight())).filter(x -> !x.isEmpty()).toList()));
        // Each file inside the root of its side: the model's sentence, with the window's short paths.
        ambiguous.set(r.ambiguous().isEmpty() ? "" : "Ambiguous, not paired (one side has two manifests for one key; "
                + "which one to compare cannot be decided): " + String.join(" · ", r.ambiguous().stream()
                .map(a -> Wording.ambiguity(a, p -> inRoot(p.startsWith(r.left()) ? r.left() : r.right(), p))).toList()));
    }

    /** Paths inside their root, so two occurrences' equal file names stay apart. */
    private static String names(String side, Path root, List<Manifest> ms) {
        if (ms.isEmpty()) return "";
        return side + " " + SafeText.of(String.join(", ", ms.stream().map(m -> inRoot(root, m.path())).toList()));
    }

    private static String inRoot(Path root, Path p) {
        return String.valueOf(p.startsWith(root) ? root.relativize(p) : p.getFileName());
    }

    /** The grid's columns: every rank that has a pair, in order (a missing rank last). */
    public List<Integer> ranks() {
        AllPairsResult r = result.get();
        if (r == null) return List.of();
        return r.ranks();
    }

    public List<Forward> forwards() { return result.get() == null ? List.of() : result.get().forwards(); }

    public OverviewCell cell(Forward f, Integer rank) {
        PairOutcome p = AllPairsAnalysis.pairAt(f, rank);
        return new OverviewCell(f, rank, p, CaptureSetText.cell(f, rank), f.isOrigin(p));
    }

    /** Where to start: the first divergent forward's first origin rank, else the first pair; null without pairs. */
    public PairOutcome landing() {
        AllPairsResult r = result.get();
        if (r == null || r.pairs().isEmpty()) return null;
        Forward f = r.firstDivergentForward();
        return f == null ? r.pairs().get(0) : AllPairsAnalysis.pairAt(f, f.originRanks().get(0));
    }

    /** Marks which pair the sides now show (the workbench calls this whenever it compares). */
    public void showing(Manifest left, Manifest right) {
        AllPairsResult r = result.get();
        open.set(r == null ? null : r.pairs().stream().filter(p -> p.left() == left && p.right() == right).findFirst().orElse(null));
    }

    /** Opens a cell's pair in the table and chart; a cell without a pair does nothing. */
    public void open(OverviewCell cell) {
        if (cell.pair() == null) return;
        opener.accept(cell.pair());
    }
}
