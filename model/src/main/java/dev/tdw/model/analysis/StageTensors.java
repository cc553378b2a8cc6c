package dev.tdw.model.analysis;

import dev.tdw.model.compare.TensorPairResult;

import java.util.List;

/**
 * What the tensor comparison established for one stage key of the analysis: its saved tensors
 * (one for a stage, one per input for an input set) compared pairwise.
 *
 * @param status     PASS, FAIL, a GAP (not comparable, with {@code reason}) or NOT_SAVED (no tensor on {@code side})
 * @param mismatches elements that differ, summed over the stage's failing pairs (0 unless FAIL)
 * @param reason     why a pair failed without a count (shape/dtype mismatch, non-finite), why a GAP is one, or
 *                   which pairs a PASS left out (an input set's plain values); null otherwise
 * @param firstFailing the payload key of the stage's first failing pair, or null
 * @param leftRows   rows saved on the left when fewer than the layout's, else null; {@code rightRows} likewise
 * @param items      the stage's compared pairs in payload order
 * @param crossMode  the graph slot this stage was compared with instead (a stage graph replay did not capture on
 *                   one side), or null; then {@code status} and {@code mismatches} are that pair's
 */
public record StageTensors(String key, Status status, long mismatches, String reason, String notSavedOn, String firstFailing,
                           RowsSaved leftRows, RowsSaved rightRows, List<TensorPairResult> items, CrossModePair crossMode) {
    public enum Status { FAIL, GAP, NOT_SAVED, PASS }

    public StageTensors {
        items = List.copyOf(items);
    }

    /** This stage judged by the graph slot of the same name on the side that lacks the stage's own tensor. */
    StageTensors judgedBy(CrossModePair pair) {
        long count = pair.metrics() instanceof dev.tdw.model.compare.TensorMetrics.Compared c ? c.mismatchCount() : 0;
        Status judged = pair.failed() ? Status.FAIL : pair.metrics().gap() ? Status.GAP : Status.PASS;
        return new StageTensors(key, judged, judged == Status.FAIL ? count : 0, null, null, pair.failed() ? pair.slotKey() : null,
                leftRows, rightRows, items, pair);
    }
}
