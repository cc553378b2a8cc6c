package dev.tdw.model.capture;

/**
 * Bounds on what a manifest may cost to read; a file over them is refused with a message naming the bound.
 *
 * @param maxBytes        file size, checked before parsing
 * @param maxDepth        nesting depth of JSON arrays and objects
 * @param maxStringLength length of one JSON string (Jackson also bounds numbers to 1000 digits and names to 50000
 *                        characters by default)
 * @param maxRecords      entries of {@code records}
 * @param maxValues       JSON values (tokens) outside the records' fixed fields: in any one of them (metadata, a
 *                        record's inputs, an unknown field), and in all that the manifest keeps (metadata, graph
 *                        slots, unknown fields). A few bytes per value in the file are ~100 bytes in the heap
 */
public record ManifestLimits(long maxBytes, int maxDepth, int maxStringLength, int maxRecords, long maxValues) {
    /** Generous for real captures (a 100k-record manifest is ~40 MB), small enough to refuse a runaway file. */
    public static final ManifestLimits DEFAULTS = new ManifestLimits(1L << 30, 64, 1 << 24, 5_000_000, 1_000_000);

    public ManifestLimits {
        if (maxBytes <= 0 || maxDepth <= 0 || maxStringLength <= 0 || maxRecords <= 0 || maxValues <= 0) {
            throw new IllegalArgumentException("manifest limits must be positive");
        }
    }
}
