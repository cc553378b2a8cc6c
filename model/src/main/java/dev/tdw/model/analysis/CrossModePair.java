package dev.tdw.model.analysis;

import dev.tdw.model.compare.TensorMetrics;

/**
 * A graph slot compared with the eager stage of the same name ({@code graph:model.norm#0} with
 * {@code model.norm#0}): a cross-mode pairing, since graph replay skipped the Python capture.
 * Only the rows both sides hold are compared ({@code rows} x {@code cols}); the slot is
 * {@code trimmed} when it is smaller than the stage's layout; {@code unwritten} counts the slot's
 * trailing rows that are all zero (never written: check initialization and overwrite), from row
 * {@code firstUnwritten}.
 *
 * @param slotOnLeft the graph slot is on the left and the eager stage on the right
 * @param metrics    the comparison of the rows both hold, or why it could not be made
 */
public record CrossModePair(String slotKey, String stageKey, boolean slotOnLeft, long rows, long cols, boolean trimmed,
                            long slotRows, long layoutRows, long unwritten, long firstUnwritten, TensorMetrics metrics) {
    public boolean failed() { return metrics.failed(); }
}
