package dev.tdw.bridge.ascend;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The test double refuses what the CANN libraries refuse (the source of each rule is cited in the double):
 * LayerNorm weight/bias types, grouped matmul group lists and a transposed x, integer outputs of float
 * operators, and context-bound runtime calls from a thread that never set a device.
 */
class DoubleStrictnessTest {
    private static Acl acl;
    private Pointer stream;
    /** Device blocks and tensors made by a test, released after it. */
    private final List<Pointer> blocks = new ArrayList<>();
    private final List<Pointer> tensors = new ArrayList<>();

    @BeforeAll
    static void load() {
        acl = new Acl(NativeSymbols.load(TestDouble.libraries("current")));
        assertTrue(acl.init());
    }

    @BeforeEach
    void open() {
        acl.setDevice(0);
        stream = acl.createStream();
    }

    @AfterEach
    void close() {
        tensors.forEach(acl::destroyTensor);
        blocks.forEach(acl::free);
        acl.destroyStream(stream);
        acl.resetDevice(0);
    }

    private static AclException failure(Runnable call) {
        return assertThrows(AclException.class, call::run);
    }

    private Pointer block(long bytes) {
        Pointer p = acl.malloc(bytes);
        blocks.add(p);
        return p;
    }

    /** A tensor over its own device block, contiguous unless strides are given. */
    private Pointer tensor(DType type, long[] shape, long... strides) {
        long numel = 1;
        for (long d : shape) numel *= d;
        Pointer data = block(numel * type.elementSize());
        Pointer t = unowned(type, shape, strides.length > 0 ? strides : dev.tdw.bridge.device.Tensors.contiguousStrides(shape), numel, data);
        tensors.add(t);
        return t;
    }

    private static Pointer unowned(DType type, long[] shape, long[] strides, long storage, Pointer data) {
        return acl.createTensor(shape, type, strides, 0, Acl.FORMAT_ND, new long[] {storage}, data);
    }

    @Test
    void layerNormWantsWeightAndBiasInFloatOrTheInputTypeAndAlike() {
        Pointer x = tensor(DType.BFLOAT16, new long[] {2, 4}), out = tensor(DType.BFLOAT16, new long[] {2, 4});
        Pointer half = tensor(DType.FLOAT16, new long[] {4}), single = tensor(DType.FLOAT32, new long[] {4});
        Pointer brain = tensor(DType.BFLOAT16, new long[] {4});
        Pointer shape = acl.createIntArray(new long[] {4});
        try {
            var fp16Weight = failure(() -> acl.prepare("aclnnLayerNorm", x, shape, half, null, 1e-5, out, null, null));
            assertEquals(OptionalInt.of(161002), fp16Weight.status());
            assertTrue(fp16Weight.recentMessage().contains("weight has type 1; it must be FLOAT or the input's type 27"),
                    fp16Weight.recentMessage());
            var mixed = failure(() -> acl.prepare("aclnnLayerNorm", x, shape, single, brain, 1e-5, out, null, null));
            assertTrue(mixed.recentMessage().contains("weight (type 0) and bias (type 27) differ in type"), mixed.recentMessage());
            acl.destroyExecutor(acl.prepare("aclnnLayerNorm", x, shape, single, single, 1e-5, out, null, null));
            acl.destroyExecutor(acl.prepare("aclnnLayerNorm", x, shape, brain, brain, 1e-5, out, null, null));
        } finally {
            acl.destroyIntArray(shape);
        }
    }

    @Test
    void floatOperatorsRefuseAnInt32Output() {
        Pointer a = tensor(DType.FLOAT32, new long[] {2, 2}), out = tensor(DType.INT32, new long[] {2, 2});
        Pointer alpha = acl.createScalar(1, DType.FLOAT64);
        try {
            for (var e : List.of(failure(() -> acl.prepare("aclnnAdd", a, a, alpha, out)),
                    failure(() -> acl.prepare("aclnnMul", a, a, out)),
                    failure(() -> acl.prepare("aclnnMatmul", a, a, out, (byte) 0)),
                    failure(() -> acl.prepare("aclnnSoftmax", a, -1L, out)))) {
                assertEquals(OptionalInt.of(161002), e.status(), e.function());
                assertTrue(e.recentMessage().contains("out's type 3") || e.recentMessage().contains("out has type 3"), e.recentMessage());
            }
        } finally {
            acl.destroyScalar(alpha);
        }
    }

    /** One-tensor lists over x [M, K] (given strides), weight [G, K, N] and out [M, N]; the lists own the tensors. */
    private Acl.Prepared groupedMatmul(String operator, long m, long[] xStrides, long groups, Pointer groupList, long listType) {
        long k = 2, n = 2;
        Pointer xData = block(m * k * 4), wData = block(groups * k * n * 4), outData = block(m * n * 4);
        Pointer x = acl.createTensorList(new Pointer[] {unowned(DType.FLOAT32, new long[] {m, k}, xStrides, m * k, xData)});
        Pointer w = acl.createTensorList(new Pointer[] {unowned(DType.FLOAT32, new long[] {groups, k, n}, new long[] {k * n, n, 1},
                groups * k * n, wData)});
        Pointer out = acl.createTensorList(new Pointer[] {unowned(DType.FLOAT32, new long[] {m, n}, new long[] {n, 1}, m * n, outData)});
        try {
            Object[] tail = operator.endsWith("V5")
                    ? new Object[] {3L, 0L, listType, 0L, null, out, null, null}
                    : new Object[] {3L, 0L, listType, 0L, out, null, null};
            Object[] head = {x, w, null, null, null, null, null, null, groupList, null, null, null};
            Object[] args = new Object[head.length + tail.length];
            System.arraycopy(head, 0, args, 0, head.length);
            System.arraycopy(tail, 0, args, head.length, tail.length);
            return acl.prepare(operator, args);
        } finally {
            acl.destroyTensorList(x);
            acl.destroyTensorList(w);
            acl.destroyTensorList(out);
        }
    }

    /** An INT64 group list on the device. */
    private Pointer groupList(long... values) {
        Pointer data = block(8L * values.length);
        var host = new Memory(8L * values.length);
        for (int i = 0; i < values.length; i++) host.setLong(8L * i, values[i]);
        acl.memcpy(data, 8L * values.length, host, 8L * values.length, Acl.HOST_TO_DEVICE);
        Pointer t = unowned(DType.INT64, new long[] {values.length}, new long[] {1}, values.length, data);
        tensors.add(t);
        return t;
    }

    @Test
    void groupedMatmulRefusesATransposedXAndMoreThan1024Groups() {
        for (String op : List.of("aclnnGroupedMatmulV4", "aclnnGroupedMatmulV5")) {
            var transposed = failure(() -> groupedMatmul(op, 4, new long[] {1, 4}, 2, groupList(2, 4), 0));
            assertEquals(OptionalInt.of(161002), transposed.status());
            assertTrue(transposed.recentMessage().contains("x can not be transposed"), transposed.recentMessage());
            long[] many = new long[1025];
            for (int g = 0; g < many.length; g++) many[g] = g < 4 ? g + 1 : 4;
            var tooMany = failure(() -> groupedMatmul(op, 4, new long[] {2, 1}, 1025, groupList(many), 0));
            assertTrue(tooMany.recentMessage().contains("at most 1024 groups"), tooMany.recentMessage());
        }
    }

    /** Runs a grouped matmul over 4 rows of x on the stream and synchronizes. */
    private void runGroupedMatmul(long listType, long... list) {
        var prepared = groupedMatmul("aclnnGroupedMatmulV4", 4, new long[] {2, 1}, list.length, groupList(list), listType);
        acl.run(prepared, block(prepared.workspaceSize()), stream);
        acl.synchronizeStream(stream);
    }

    @Test
    void groupedMatmulFailsWhenTheGroupListDoesNotEndAtM() {
        runGroupedMatmul(0, 1, 4);
        runGroupedMatmul(1, 1, 3);
        // Cumulative ends 1, 3 and counts 1 + 2 both cover 3 of the 4 rows.
        var cumulative = failure(() -> runGroupedMatmul(0, 1, 3));
        assertEquals(OptionalInt.of(500003), cumulative.status());
        assertTrue(cumulative.recentMessage().contains("task aclnnGroupedMatmulV4 failed"), cumulative.recentMessage());
        // The same message again is left out as stale (Acl.newMessage); the status tells.
        assertEquals(OptionalInt.of(500003), failure(() -> runGroupedMatmul(1, 1, 2)).status());
    }

    @Test
    void memcpyAndDestroyStreamNeedADeviceOnTheCallingThread() {
        Pointer device = block(16);
        Pointer other = acl.createStream();
        String message = CompletableFuture.supplyAsync(() -> {
            assertEquals(OptionalInt.of(107002), failure(() -> acl.memcpy(device, 16, new Memory(16), 16, Acl.HOST_TO_DEVICE)).status());
            return acl.recentErrorMessage();
        }).join();
        // The binding leaves this report out of a failure on a thread without a device (Acl.failureMessage); the status tells.
        assertTrue(message.contains("aclrtMemcpy: EE1018: No valid context is bound to the current thread"), message);
        var destroy = CompletableFuture.supplyAsync(() -> failure(() -> acl.destroyStream(other))).join();
        assertEquals(OptionalInt.of(107002), destroy.status());
        acl.destroyStream(other);
    }
}
