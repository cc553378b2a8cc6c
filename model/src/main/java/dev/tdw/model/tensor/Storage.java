package dev.tdw.model.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes of one pickled storage ({@code data/<key>} in the zip), typed by its storage class.
 * The buffer is read-only and usually a mapped slice of the payload file, so it is never copied.
 * Element {@code i} starts at byte {@code i * dtype.elementSize()} of the buffer (absolute index).
 */
public record Storage(String key, DType dtype, long numel, ByteBuffer bytes) {
    public Storage {
        if (numel < 0) throw new IllegalArgumentException("storage " + key + " has negative numel " + numel);
        long needed = Math.multiplyExact(numel, (long) dtype.elementSize());
        if (needed > bytes.limit()) {
            throw new IllegalArgumentException("storage " + key + " declares " + numel + " " + dtype.torchName()
                    + " elements (" + needed + " bytes) but holds only " + bytes.limit() + " bytes");
        }
        // Position 0, so absolute element indices and typed views of the buffer agree.
        bytes = bytes.asReadOnlyBuffer().order(bytes.order()).position(0);
    }

    public ByteOrder order() { return bytes.order(); }
}
