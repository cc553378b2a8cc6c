package dev.tdw.model.msprobe;

/**
 * Bounds on what reading an msprobe dump may cost; a dump over one is refused with a message naming the bound, never
 * read in part. docs/msprobe.md lists them.
 *
 * @param maxBytes          size of one {@code dump.json}, {@code stack.json} or {@code construct.json}, checked before parsing
 * @param maxDepth          nesting depth of JSON arrays and objects (msprobe's own compare stops at a smaller depth)
 * @param maxStringLength   length of one JSON string
 * @param maxEntries        tensors and arguments (stages) of one {@code dump.json}
 * @param maxValuesPerOp    JSON values (tokens) of one op's entry: one entry is held while its stages are made
 * @param maxShapeDims      dimensions of one tensor's shape
 * @param maxSideValues     JSON values of {@code stack.json} or {@code construct.json}
 * @param maxFolders        step and rank folders of one dump
 */
public record MsprobeLimits(long maxBytes, int maxDepth, int maxStringLength, int maxEntries, int maxValuesPerOp,
                            int maxShapeDims, long maxSideValues, int maxFolders) {
    /** Generous for real dumps (multi-GB {@code dump.json}, thousands of steps), small enough to refuse a runaway file. */
    public static final MsprobeLimits DEFAULTS = new MsprobeLimits(8L << 30, 64, 1 << 24, 20_000_000, 1_000_000, 64,
            50_000_000, 1_000_000);

    public MsprobeLimits {
        if (maxBytes <= 0 || maxDepth <= 0 || maxStringLength <= 0 || maxEntries <= 0 || maxValuesPerOp <= 0
                || maxShapeDims <= 0 || maxSideValues <= 0 || maxFolders <= 0) {
            throw new IllegalArgumentException("msprobe limits must be positive");
        }
    }
}
