package dev.tdw.app.ui.device;

/**
 * One runtime this machine offers, as the device panel lists it.
 *
 * @param spec        how a replay names it ({@code ascend:1}, {@code host-fp32:bf16}); null for an entry that only
 *                    reports a problem (a device that would not open)
 * @param description what it is, as the runtime describes itself
 * @param freeBytes   free memory (device HBM, or the JVM heap for the host); null when unknown
 * @param totalBytes  total memory; null when unknown
 */
public record RuntimeEntry(String spec, String description, Long freeBytes, Long totalBytes) {
    /** {@code 28.1 GiB free of 32.0 GiB}, or empty when the memory is unknown. */
    public String memoryText() {
        if (freeBytes == null || totalBytes == null) return "";
        return gib(freeBytes) + " free of " + gib(totalBytes);
    }

    private static String gib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
