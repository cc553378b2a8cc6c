package dev.tdw.model.analysis;

import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.StageDiff;

import java.util.List;
import java.util.Optional;

/**
 * One stage key of a pair at its place in the merged stage order ({@code index}), with its
 * findings most severe first. {@code diff} is null for a one-sided key; an alias group is null when
 * the record shares its storage with no other stage on that side.
 */
public record StageFindings(int index, String key, String stage, Presence presence, StageRecord left, StageRecord right,
                            StageDiff diff, List<Finding> findings, AliasGroup leftAlias, AliasGroup rightAlias) implements ChartStage {
    public StageFindings {
        findings = List.copyOf(findings);
    }

    /** The most severe finding's kind; empty when the stage has none. */
    public Optional<Finding.Kind> worst() {
        return findings.stream().map(Finding::kind).min(Enum::compareTo);
    }

    public boolean has(Finding.Kind kind) {
        return findings.stream().anyMatch(f -> f.kind() == kind);
    }

    public boolean divergent() { return diff != null && diff.divergent(); }

    public boolean isInputSet() {
        return (left != null && left.isInputSet()) || (right != null && right.isInputSet());
    }

    public StatCell stat(String name) { return StatCell.of(name, left, right, diff); }

    @Override
    public boolean nonFinite() { return has(Finding.Kind.NON_FINITE); }

    @Override
    public dev.tdw.model.capture.Layout leftLayout() { return left == null ? null : left.layout(); }

    @Override
    public dev.tdw.model.capture.Layout rightLayout() { return right == null ? null : right.layout(); }
}
