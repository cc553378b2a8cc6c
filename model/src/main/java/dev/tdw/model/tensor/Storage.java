package dev.tdw.model.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes of one pickled storage ({@code data/<key>} in the zip), typed by its storage class.
 * The buffer is read-only and usually a mapped slice of the payload file, so it is never copied.
 */
public record Storage(String key, DType dtype, long numel, ByteBuffer bytes) {
    public Storage {
        bytes = bytes.asReadOnlyBuffer().order(bytes.order());
    }

    public ByteOrder order() { return bytes.order(); }
}
