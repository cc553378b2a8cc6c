package dev.tdw.model.tensor;

/**
 * Resource bounds for reading an untrusted payload, so a crafted file fails with a message instead of exhausting
 * memory or time.
 *
 * @param maxZipEntries     entries in the zip directory
 * @param maxInflatedBytes  total bytes inflated from DEFLATED entries (stored entries are mapped, not inflated)
 * @param maxTotalElements  sum of the element counts of all tensors (views of one storage count each time)
 * @param maxPickleBytes    size of {@code data.pkl}
 * @param maxPickleDepth    nesting depth of containers in the unpickled object
 * @param maxPickleObjects  pickle operations executed, and values visited while converting the unpickled object
 *                          (bounds both the heap the unpickler can fill and shared-reference blow-up)
 */
public record PayloadLimits(int maxZipEntries, long maxInflatedBytes, long maxTotalElements,
                            int maxPickleBytes, int maxPickleDepth, int maxPickleObjects) {
    /** Generous for probe dumps (thousands of tensors, tens of GiB) and still bounded. */
    public static final PayloadLimits DEFAULTS =
            new PayloadLimits(100_000, 256L << 20, 1L << 34, 64 << 20, 100, 5_000_000);

    public PayloadLimits {
        if (maxZipEntries <= 0 || maxInflatedBytes < 0 || maxTotalElements < 0 || maxPickleBytes <= 0
                || maxPickleDepth <= 0 || maxPickleObjects <= 0) {
            throw new IllegalArgumentException("payload limits must be positive");
        }
    }
}
