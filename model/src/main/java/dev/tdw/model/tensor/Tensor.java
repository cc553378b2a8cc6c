package dev.tdw.model.tensor;

import java.util.Arrays;

/**
 * A strided view into a {@link Storage}: what {@code torch._utils._rebuild_tensor_v2} describes.
 * Element access is in logical row-major order, so two tensors with different strides compare
 * element by element without materialising a contiguous copy.
 */
public final class Tensor {
    private final Storage storage;
    private final long storageOffset;
    private final long[] shape;
    private final long[] stride;
    private final long numel;
    private final boolean contiguous;

    public Tensor(Storage storage, long storageOffset, long[] shape, long[] stride) {
        if (shape.length != stride.length) {
            throw new IllegalArgumentException("shape has " + shape.length + " dims but stride has " + stride.length);
        }
        this.storage = storage;
        this.storageOffset = storageOffset;
        this.shape = shape.clone();
        this.stride = stride.clone();
        long n = 1;
        for (long d : shape) {
            if (d < 0) throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
            n = Math.multiplyExact(n, d);
        }
        this.numel = n;
        this.contiguous = computeContiguous(this.shape, this.stride);
        checkExtent();
    }

    /** Every element the view can reach must lie inside the storage: a corrupt payload must not read past it. */
    private void checkExtent() {
        if (storageOffset < 0) throw new IllegalArgumentException("negative storage offset " + storageOffset);
        for (long s : stride) {
            if (s < 0) throw new IllegalArgumentException("negative stride in " + Arrays.toString(stride));
        }
        if (numel == 0) return;
        long last = storageOffset;
        for (int d = 0; d < shape.length; d++) {
            last = Math.addExact(last, Math.multiplyExact(shape[d] - 1, stride[d]));
        }
        if (last >= storage.numel()) {
            throw new IllegalArgumentException("view shape " + Arrays.toString(shape) + " stride " + Arrays.toString(stride)
                    + " offset " + storageOffset + " reaches element " + last + " but storage " + storage.key()
                    + " has " + storage.numel() + " elements");
        }
    }

    private static boolean computeContiguous(long[] shape, long[] stride) {
        long expected = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            if (shape[i] != 1 && stride[i] != expected) return false;
            expected *= shape[i];
        }
        return true;
    }

    public Storage storage() { return storage; }
    public DType dtype() { return storage.dtype(); }
    public long storageOffset() { return storageOffset; }
    public long[] shape() { return shape.clone(); }
    public long[] stride() { return stride.clone(); }
    public int dim() { return shape.length; }
    public long numel() { return numel; }
    public boolean isContiguous() { return contiguous; }

    /** Storage element index of the element at this logical row-major position. */
    public long storageIndex(long logicalIndex) {
        if (contiguous) return storageOffset + logicalIndex;
        long rest = logicalIndex;
        long pos = storageOffset;
        for (int d = shape.length - 1; d >= 0; d--) {
            long size = shape[d];
            long i = rest % size;
            rest /= size;
            pos += i * stride[d];
        }
        return pos;
    }

    /** The element at a logical position widened to double (exact for every float type, lossy for int64 above 2^53). */
    public double getDouble(long logicalIndex) {
        return ElementCodec.readDouble(storage.bytes(), storage.dtype(), storageIndex(logicalIndex));
    }

    /** The element at a logical position as an exact integer (integer and bool types only). */
    public long getLong(long logicalIndex) {
        return ElementCodec.readLong(storage.bytes(), storage.dtype(), storageIndex(logicalIndex));
    }

    /** The raw bytes of the storage, for bulk paths. */
    public StorageBytes bytes() { return storage.bytes(); }

    @Override
    public String toString() {
        return "Tensor(" + dtype().torchName() + ", shape=" + Arrays.toString(shape) + ", stride=" + Arrays.toString(stride)
                + ", offset=" + storageOffset + ")";
    }
}
