package dev.tdw.model.analysis;

/**
 * A saved tensor with fewer rows than its layout ({@code DUMP_PROBE_ROWS} cut it): rows
 * {@code 0..saved-1} of {@code total} are in the payload, so a comparison covers only those.
 */
public record RowsSaved(long saved, long total) {
    /** Null unless {@code saved} is a leading-row cut of {@code layout}: fewer rows, every other dim equal. */
    static RowsSaved of(long[] saved, java.util.List<Long> layout) {
        if (layout == null || saved.length != layout.size() || saved.length < 2 || saved[0] >= layout.get(0)) return null;
        for (int i = 1; i < saved.length; i++) if (saved[i] != layout.get(i)) return null;
        return new RowsSaved(saved[0], layout.get(0));
    }
}
