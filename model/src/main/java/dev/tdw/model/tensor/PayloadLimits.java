package dev.tdw.model.tensor;

/**
 * Resource bounds for reading an untrusted payload, so a crafted file fails with a message naming the bound instead
 * of exhausting memory or time.
 *
 * @param maxZipEntries     entries in the zip directory
 * @param maxInflatedBytes  total bytes inflated from DEFLATED entries (stored entries are mapped, not inflated): the
 *                          heap a zip bomb can claim
 * @param maxStorageBytes   bytes of one storage entry (mapped in chunks, so it may exceed what one buffer spans)
 * @param maxTotalElements  sum of the element counts of all tensors (views of one storage count each time)
 * @param maxPickleBytes    size of {@code data.pkl}, which is read into the heap
 * @param maxPickleDepth    nesting depth of containers in the unpickled object
 * @param maxPickleObjects  pickle opcodes; values the whitelisted callables copy; values visited while converting the
 *                          unpickled object. The last two bound shared-reference blow-up: one memoized value can be
 *                          used many times
 * @param maxTextChars      characters of the entry keys and value listings derived from {@code data.pkl}, a shared
 *                          string counted at each use (the same blow-up, for text)
 */
public record PayloadLimits(int maxZipEntries, long maxInflatedBytes, long maxStorageBytes, long maxTotalElements,
                            int maxPickleBytes, int maxPickleDepth, int maxPickleObjects, long maxTextChars) {
    /** Generous for probe dumps (thousands of tensors, tens of GiB) and still bounded. */
    public static final PayloadLimits DEFAULTS =
            new PayloadLimits(100_000, 256L << 20, Long.MAX_VALUE, 1L << 34, 64 << 20, 100, 5_000_000, 64L << 20);

    public PayloadLimits {
        if (maxZipEntries <= 0 || maxInflatedBytes < 0 || maxStorageBytes < 0 || maxTotalElements < 0
                || maxPickleBytes <= 0 || maxPickleDepth <= 0 || maxPickleObjects <= 0 || maxTextChars <= 0) {
            throw new IllegalArgumentException("payload limits must be positive");
        }
    }
}
