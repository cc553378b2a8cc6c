package dev.tdw.model.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The elements of a tensor as little-endian bytes in logical row-major order: what a contiguous CPU copy written by
 * {@code torch.save} holds, and what the payload listing hashes. A contiguous little-endian view is handed out as
 * slices of its storage (no copy); anything else goes through one small reusable buffer.
 */
public final class TensorBytes {
    /** Largest slice handed out at once, so consumers see progress on multi-GiB tensors. */
    static final int MAX_SLICE = 16 << 20;
    private static final int COPY_BUFFER = 64 << 10;

    private TensorBytes() {}

    /** Receives consecutive chunks; a chunk is only valid during the call. */
    @FunctionalInterface
    public interface Sink<X extends Exception> {
        void accept(ByteBuffer chunk) throws X;
    }

    public static <X extends Exception> void forEachChunk(Tensor t, Sink<X> sink) throws X {
        if (t.numel() == 0) return;
        int size = t.dtype().elementSize();
        StorageBytes storage = t.bytes();
        if (t.isContiguous() && (size == 1 || storage.order() == ByteOrder.LITTLE_ENDIAN)) {
            long from = t.storageOffset() * size;
            long end = from + t.numel() * size;
            for (long at = from; at < end; ) {
                // Slices never cross a chunk's end; chunks end on element boundaries.
                ByteBuffer chunk = storage.chunkAt(at);
                int in = storage.inChunk(at);
                int len = (int) Math.min(Math.min(MAX_SLICE, end - at), chunk.limit() - in);
                sink.accept(chunk.slice(in, len));
                at += len;
            }
            return;
        }
        ByteBuffer out = ByteBuffer.allocate(COPY_BUFFER).order(ByteOrder.LITTLE_ENDIAN);
        StridedRows.forEach(t, (start, stride, count) -> {
            long index = start;
            for (int i = 0; i < count; i++, index += stride) {
                if (out.remaining() < size) flush(out, sink);
                long at = index * size;
                switch (size) {
                    case 1 -> out.put(storage.get(at));
                    case 2 -> out.putShort(storage.getShort(at));
                    case 4 -> out.putInt(storage.getInt(at));
                    default -> out.putLong(storage.getLong(at));
                }
            }
        });
        flush(out, sink);
    }

    private static <X extends Exception> void flush(ByteBuffer out, Sink<X> sink) throws X {
        out.flip();
        if (out.hasRemaining()) sink.accept(out);
        out.clear();
    }
}
