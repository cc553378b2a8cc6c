package dev.tdw.model.capture;

/** Bounds on what a manifest may cost to read; a file over them is refused with a message naming the bound. */
public record ManifestLimits(long maxBytes, int maxDepth, int maxStringLength, int maxRecords) {
    /** Generous for real captures (a 100k-record manifest is ~40 MB), small enough to refuse a runaway file. */
    public static final ManifestLimits DEFAULTS = new ManifestLimits(1L << 30, 64, 1 << 24, 5_000_000);
}
