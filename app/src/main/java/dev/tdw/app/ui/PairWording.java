package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.CaptureSideViewModel;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.RunsResult;

import java.util.Locale;

/** The lines the workbench says about the shown pair: the pairing line, the verdict banner, the status after a comparison, the table's placeholder. */
final class PairWording {
    static final String OPEN_TWO = "Open two captures (File ▸ Open, or drop a capture folder on a side).";

    private PairWording() { }

    /** The pairing line; with repeated runs it speaks of runs, not of the label/rank pairing of several captures. */
    static String pairing(CapturePairing p, RunsViewModel runs, CaptureSideViewModel left, CaptureSideViewModel right) {
        if (p == null) return "";
        if (runs.result() != null) {
            return "repeated runs: " + runs.result().leftRuns().size() + " left, " + runs.result().rightRuns().size()
                    + " right (see Runs); the stage table compares one run of each side, the first until a run is opened there";
        }
        // Not yet judged: the sides are runs, not the label/rank pairing of several captures.
        if (runs.runningProperty().get()) return "repeated runs: comparing them against their noise …";
        boolean paired = p.pairs().stream().anyMatch(x -> x.left() == left.manifest() && x.right() == right.manifest());
        StringBuilder s = new StringBuilder(p.pairs().isEmpty() ? "no manifests pair up" : p.method().description());
        s.append(" · ").append(p.pairs().size()).append(p.pairs().size() == 1 ? " pair" : " pairs");
        if (!p.onlyInLeft().isEmpty()) s.append(" · ").append(p.onlyInLeft().size()).append(" unpaired on the left");
        if (!p.onlyInRight().isEmpty()) s.append(" · ").append(p.onlyInRight().size()).append(" unpaired on the right");
        if (!p.ambiguous().isEmpty()) s.append(" · ").append(p.ambiguous().size()).append(p.ambiguous().size() == 1 ? " key" : " keys")
                .append(" ambiguous, not paired (see Pairs)");
        if (!paired && left.manifest() != null && right.manifest() != null) s.append(" · chosen by hand, not a pairing");
        return s.toString();
    }

    /** The status after a comparison; with repeated runs it ends with the runs' verdict, which is the answer. */
    static String compared(Comparison c, RunsResult runs, CaptureSideViewModel left, CaptureSideViewModel right) {
        String pair = "Compared " + c.diff().compared() + " common stages of " + left.name() + " and " + right.name()
                + " (atol " + c.tolerance().atol() + ", rtol " + c.tolerance().rtol() + "): ";
        return runs == null ? pair + c.diff().verdict() : pair + c.diff().verdict() + " as one pair of runs; runs: " + runs.verdictText();
    }

    /**
     * The pair's verdict; with repeated runs, the runs' verdict first, since one run against one run of a noisy
     * configuration diverges at its first non-deterministic stage whatever the defect.
     */
    static String verdict(Comparison c, RunsViewModel runs, CaptureSideViewModel left, CaptureSideViewModel right) {
        if (runs.result() == null) return Wording.verdict(c.diff());
        String l = runs.runOf(c.left()), r = runs.runOf(c.right());
        return runs.banner(l == null ? left.name() : l, r == null ? right.name() : r);
    }

    /** The banner's colour: the runs' verdict when there are runs (one pair of noisy runs always diverges somewhere). */
    static String verdictStyle(Comparison c, RunsResult runs) {
        Enum<?> v = runs != null ? runs.verdict() : c.diff().verdict();
        return v.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** What the empty stage table says: why there is nothing to show now. Null while a side loads (the loading line stays). */
    static String placeholder(CaptureSideViewModel left, CaptureSideViewModel right, Comparison c, boolean comparing) {
        CaptureDirectory l = left.capture(), r = right.capture();
        if (left.loadingProperty().get() != null || right.loadingProperty().get() != null) return null;
        if (l == null && r == null) return OPEN_TWO;
        if (l == null || r == null) return "Open the " + (l == null ? "left" : "right") + " capture to compare with "
                + (l == null ? right.name() : left.name()) + ".";
        if (l.manifests().isEmpty() || r.manifests().isEmpty()) return "Nothing to compare: "
                + (l.manifests().isEmpty() ? left.name() : right.name()) + " has no usable manifest (see the banner above).";
        if (c == null) return comparing ? "Comparing " + left.name() + " with " + right.name() + " …" : "No manifest pair selected.";
        return "No stage matches the filter.";
    }
}
