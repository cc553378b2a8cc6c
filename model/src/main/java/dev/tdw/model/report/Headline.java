package dev.tdw.model.report;

import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.sets.RunsResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a pair's report says first, before any evidence: the statistics verdict, the tensor verdict with its first
 * mismatch, where non-finite values start, the coverage, and the verdict over repeated runs when they are open. A
 * ticket's reader gets the finding (the KV slot's tensor FAIL) without reading past a table of benign rows.
 */
public record Headline(List<Line> lines) {
    public Headline {
        lines = List.copyOf(lines);
    }

    /** What a line is about, in the order the headline gives them. */
    public enum Topic {
        STATISTICS("statistics"), TENSORS("tensors"), NON_FINITE("non-finite values"), COVERAGE("coverage"), RUNS("repeated runs");

        private final String label;

        Topic(String label) { this.label = label; }

        public String label() { return label; }
    }

    /** How a line reads at a glance, for its colour. */
    public enum Tone { GOOD, BAD, WARNING }

    public record Line(Topic topic, Tone tone, String text) {}

    /** The headline of a pair, with the open repeated runs ({@code runs} null when none). */
    public static Headline of(PairAnalysis a, RunsResult runs, Function<Path, String> paths) {
        List<Line> lines = new ArrayList<>();
        lines.add(new Line(Topic.STATISTICS, switch (a.diff().verdict()) {
            case ALIGNED -> Tone.GOOD;
            case DIVERGENT -> Tone.BAD;
            default -> Tone.WARNING;
        }, Wording.verdict(a.diff())));
        TensorEvidence e = a.tensors();
        if (e != null) {
            lines.add(new Line(Topic.TENSORS, e.result().verdict() == TensorsVerdict.PASS ? Tone.GOOD : Tone.BAD, Wording.tensorVerdict(e)));
        }
        String notCompared = Wording.tensorsNotCompared(a);
        if (notCompared != null) lines.add(new Line(Topic.TENSORS, Tone.WARNING, notCompared));
        if (a.nonFiniteOrigin() != null) lines.add(new Line(Topic.NON_FINITE, Tone.BAD, Wording.nonFiniteOrigin(a.nonFiniteOrigin())));
        String coverage = Wording.coverage(a.coverage());
        if (coverage != null) lines.add(new Line(Topic.COVERAGE, Tone.WARNING, coverage));
        if (runs != null) {
            String first = CaptureSetText.firstBeyondNoiseIn(runs, paths);
            lines.add(new Line(Topic.RUNS, switch (runs.verdict()) {
                case ALIGNED, WITHIN_NOISE -> Tone.GOOD;
                case DIVERGENT, INTERMITTENT -> Tone.BAD;
                default -> Tone.WARNING;
            }, runs.verdictText() + (first == null ? "" : " · " + first)));
        }
        return new Headline(lines);
    }
}
