package dev.tdw.bridge.ascend;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.tdw.bridge.device.Tensors;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.Tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The device resources of one operator call, released in reverse order on close. Each distinct host
 * storage is uploaded once, so arguments that shared a storage on the host share it on the device.
 * Downloads synchronize the stream first when work was launched since the last synchronization.
 */
final class DeviceScope implements AutoCloseable {
    /** A device output buffer and the aclTensor (or one-tensor aclTensorList) describing it, contiguous. */
    record Output(Pointer tensor, Pointer data, DType type, long[] shape) {}

    private final Acl acl;
    private final Pointer stream;
    private final Deque<Runnable> releases = new ArrayDeque<>();
    private final Map<Storage, Pointer> uploaded = new IdentityHashMap<>();
    private boolean unsynchronized;
    private boolean synchronizationFailed;

    DeviceScope(Acl acl, Pointer stream) {
        this.acl = acl;
        this.stream = stream;
    }

    /** Whether the loaded libraries export both phases of an aclnn operator. */
    boolean exports(String operator) {
        return acl.exportsOperator(operator);
    }

    /** An aclTensor for {@code t}'s own view (shape, strides, offset) of its uploaded storage. */
    Pointer tensor(Tensor t) {
        return view(t, t.shape(), t.stride());
    }

    /** An aclTensor viewing {@code t}'s storage with another shape and strides, e.g. a transpose. */
    Pointer view(Tensor t, long[] shape, long[] strides) {
        return destroyedWithScope(unownedView(t, shape, strides));
    }

    private Pointer unownedView(Tensor t, long[] shape, long[] strides) {
        Storage s = t.storage();
        Pointer data = upload(s);
        return acl.createTensor(shape, s.dtype(), strides, t.storageOffset(), Acl.FORMAT_ND, new long[] {s.numel()}, data);
    }

    private Pointer destroyedWithScope(Pointer tensor) {
        releases.push(() -> acl.destroyTensor(tensor));
        return tensor;
    }

    Output output(DType type, long[] shape) {
        return output(type, shape, shape);
    }

    /** A contiguous output the device sees as {@code deviceShape} and the caller gets as {@code shape} (same size). */
    Output output(DType type, long[] shape, long[] deviceShape) {
        Output out = unownedOutput(type, shape, deviceShape);
        destroyedWithScope(out.tensor());
        return out;
    }

    private Output unownedOutput(DType type, long[] shape, long[] deviceShape) {
        if (Tensors.numel(shape) != Tensors.numel(deviceShape)) throw new IllegalArgumentException("shapes differ in size");
        long bytes = Tensors.numel(shape) * type.elementSize();
        Pointer data = allocate(bytes);
        Pointer handle = acl.createTensor(deviceShape, type, Tensors.contiguousStrides(deviceShape), 0, Acl.FORMAT_ND, deviceShape, data);
        return new Output(handle, data, type, shape.clone());
    }

    /** An aclTensorList of one tensor per argument, each its own view of its uploaded storage. */
    Pointer tensorList(Tensor... tensors) {
        var handles = new Pointer[tensors.length];
        for (int i = 0; i < tensors.length; i++) {
            try {
                handles[i] = unownedView(tensors[i], tensors[i].shape(), tensors[i].stride());
            } catch (RuntimeException e) {
                destroyAll(e, Arrays.copyOf(handles, i));
                throw e;
            }
        }
        return list(handles);
    }

    /** A one-tensor aclTensorList over a new contiguous output. */
    Output outputList(DType type, long[] shape) {
        Output out = unownedOutput(type, shape, shape);
        return new Output(list(new Pointer[] {out.tensor()}), out.data(), type, out.shape());
    }

    /**
     * The list owns its tensors once created (destroying it destroys them, so they get no release of their
     * own, which would destroy them twice); until then they are destroyed here if creating it fails.
     */
    private Pointer list(Pointer[] tensors) {
        Pointer list;
        try {
            list = acl.createTensorList(tensors);
        } catch (RuntimeException e) {
            destroyAll(e, tensors);
            throw e;
        }
        releases.push(() -> acl.destroyTensorList(list));
        return list;
    }

    private void destroyAll(RuntimeException failure, Pointer[] tensors) {
        for (Pointer t : tensors) {
            try {
                acl.destroyTensor(t);
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
        }
    }

    Pointer scalar(double value, DType type) {
        Pointer handle = acl.createScalar(value, type);
        releases.push(() -> acl.destroyScalar(handle));
        return handle;
    }

    Pointer intArray(long... values) {
        Pointer handle = acl.createIntArray(values);
        releases.push(() -> acl.destroyIntArray(handle));
        return handle;
    }

    /**
     * Launches a two-phase operator on the stream. The workspace is freed with the scope's other memory,
     * after the stream is synchronized, since even a failed second phase may have queued kernels using it.
     * If the workspace cannot be allocated, the executor from the first phase is destroyed; once the second
     * phase ran it must not be, as that phase deletes it even on failure.
     */
    void launch(String operator, Object... firstPhaseArgs) {
        Acl.Prepared prepared = acl.prepare(operator, firstPhaseArgs);
        Pointer workspace;
        try {
            workspace = allocate(prepared.workspaceSize());
        } catch (RuntimeException e) {
            try {
                acl.destroyExecutor(prepared);
            } catch (RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        unsynchronized = true;
        acl.run(prepared, workspace, stream);
    }

    Tensor download(Output out) {
        if (unsynchronized) {
            synchronize();
            unsynchronized = false;
        }
        int bytes = Math.toIntExact(Tensors.numel(out.shape()) * out.type().elementSize());
        ByteBuffer host = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes > 0) {
            var staging = new Memory(bytes);
            acl.memcpy(staging, bytes, out.data(), bytes, Acl.DEVICE_TO_HOST);
            staging.read(0, host.array(), 0, bytes);
        }
        return Tensors.wrap(out.type(), out.shape(), host);
    }

    private Pointer upload(Storage s) {
        Pointer done = uploaded.get(s);
        if (done != null) return done;
        byte[] bytes = littleEndianBytes(s);
        Pointer device = allocate(bytes.length);
        if (bytes.length > 0) {
            var staging = new Memory(bytes.length);
            staging.write(0, bytes, 0, bytes.length);
            acl.memcpy(device, bytes.length, staging, bytes.length, Acl.HOST_TO_DEVICE);
        }
        uploaded.put(s, device);
        return device;
    }

    /** Empty tensors get no device memory; CANN accepts a null data pointer for them. */
    private Pointer allocate(long bytes) {
        if (bytes == 0) return null;
        Pointer p = acl.malloc(bytes);
        releases.push(() -> acl.free(p));
        return p;
    }

    /** The storage bytes in the device's (little-endian) order. */
    private static byte[] littleEndianBytes(Storage s) {
        int size = s.dtype().elementSize();
        byte[] bytes = s.copyBytes();
        if (s.order() == ByteOrder.BIG_ENDIAN && size > 1) {
            for (int at = 0; at < bytes.length; at += size) {
                for (int i = 0, j = size - 1; i < j; i++, j--) {
                    byte b = bytes[at + i];
                    bytes[at + i] = bytes[at + j];
                    bytes[at + j] = b;
                }
            }
        }
        return bytes;
    }

    private void synchronize() {
        try {
            acl.synchronizeStream(stream);
        } catch (RuntimeException e) {
            synchronizationFailed = true;
            throw e;
        }
    }

    /** Whether a synchronization of the stream failed (a device fault or a timeout): its tasks may still run. */
    boolean synchronizationFailed() { return synchronizationFailed; }

    /** Waits for launched work, then releases everything; the first release failure is rethrown at the end. */
    @Override
    public void close() {
        RuntimeException failure = null;
        if (unsynchronized) {
            try {
                synchronize();
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        while (!releases.isEmpty()) {
            try {
                releases.pop().run();
            } catch (RuntimeException e) {
                if (failure == null) failure = e; else failure.addSuppressed(e);
            }
        }
        if (failure != null) throw failure;
    }
}
